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
 * as a whole search; this load times the pair.
 * It runs on autocannon, the client every other row of the bench uses (a
 * sequence of two requests per connection: the page, then its results when
 * the page was a shell, else the next page). The first version used Node's
 * http client: 490–600 µs of the load generator's CPU per search against
 * 370–385 µs on autocannon (measured side by side, 10k products,
 * PostgreSQL + Redis), so page searches were measured with a heavier client
 * than the API row they are compared with, on cores the shop shares. The
 * searches per second it measured were the same within noise.
 */
import autocannon from "autocannon";

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

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `connections` closed loops for `seconds`, the n-th search asking for `next(n)`. */
export async function searchLoad({
  base,
  connections,
  seconds,
  next,
  headers = {},
}: {
  base: string;
  connections: number;
  seconds: number;
  next: (n: number) => string;
  headers?: Record<string, string>;
}): Promise<SearchLoadResult> {
  const latencies: number[] = [];
  let n = 0;
  let shells = 0;
  let non2xx = 0;
  type Search = { target?: string; started?: number; shell?: boolean };
  const done = (context: Search, status: number) => {
    if (status < 200 || status >= 300) non2xx++;
    latencies.push(performance.now() - context.started!);
  };
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    pipelining: 1,
    headers,
    requests: [
      {
        // The page: a new never-seen search.
        setupRequest: (req: autocannon.Request, context: Search) => {
          context.target = next(n++);
          context.started = performance.now();
          return { ...req, path: context.target };
        },
        onResponse: (status: number, body: string, context: Search) => {
          context.shell = status >= 200 && status < 300 && body.includes("data-search-shell");
          if (context.shell) shells++;
          else done(context, status);
        },
      },
      {
        // Its results, when the page was the results shell; else no request (autocannon starts the sequence again).
        setupRequest: (req: autocannon.Request, context: Search) =>
          context.shell ? { ...req, path: resultsRequestFor(context.target!), headers: { ...headers, accept: "application/json" } } : (null as unknown as autocannon.Request),
        onResponse: (status: number, _body: string, context: Search) => done(context, status),
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    searches: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    shells,
    errors: result.errors + result.timeouts,
    non2xx,
  };
}
