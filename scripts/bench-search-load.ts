/**
 * Never-seen search pages as a shopper's browser sees them, for `npm run bench`:
 * `connections` shoppers, each asking for the next search page as soon as the
 * last one is done. A page the shop answers with its results shell
 * (lib/catalog/listing-url.mjs searchShellTarget: cached, the same for every
 * term, `data-search-shell` in its HTML) is not done until its results have
 * been loaded too, as components/catalog/deferred-search.tsx loads them (GET
 * /api/products with the page's category, search, sort and offset): a search
 * is timed from the page's request to the last byte of its results, whichever
 * way they came. autocannon times each request alone, so a shell would count
 * as a whole search; this loop times the pair.
 */
import http from "node:http";

export type SearchLoadResult = { searches: number; rps: number; p50: number; p99: number; shells: number; errors: number; non2xx: number };

const PAGE_SIZE = 12;

/** The results request a search page's shell makes (components/catalog/deferred-search.tsx resultsUrl). */
export function resultsRequestFor(pageTarget: string): string {
  const url = new URL(pageTarget, "http://x");
  const category = /^\/shop\/([^/]+)$/.exec(url.pathname)?.[1];
  const params = new URLSearchParams();
  if (category) params.set("category", decodeURIComponent(category));
  const search = url.searchParams.get("search");
  if (search) params.set("search", search.trim().replace(/\s+/g, " "));
  const sort = url.searchParams.get("sort");
  if (sort && sort !== "featured") params.set("sort", sort);
  params.set("limit", String(PAGE_SIZE));
  const page = Number(url.searchParams.get("page") ?? 1);
  if (Number.isInteger(page) && page > 1) params.set("offset", String((page - 1) * PAGE_SIZE));
  return `/api/products?${params}`;
}

function get(agent: http.Agent, base: URL, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: base.hostname, port: base.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `connections` closed loops for `seconds`, the n-th search asking for `next(n)`. */
export async function searchLoad({ base, connections, seconds, next, headers = {} }: { base: string; connections: number; seconds: number; next: (n: number) => string; headers?: Record<string, string> }): Promise<SearchLoadResult> {
  const origin = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let n = 0;
  let shells = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const target = next(n++);
      const t0 = performance.now();
      try {
        const page = await get(agent, origin, target, headers);
        let ok = page.status >= 200 && page.status < 300;
        if (ok && page.body.includes("data-search-shell")) {
          shells++;
          const results = await get(agent, origin, resultsRequestFor(target), { ...headers, accept: "application/json" });
          ok = results.status >= 200 && results.status < 300;
        }
        if (!ok) non2xx++;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    searches: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    shells,
    errors,
    non2xx,
  };
}
