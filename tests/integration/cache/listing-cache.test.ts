/**
 * Listings, and searches with a term that is one safe path segment, are
 * served by their cached route (lib/catalog/listing-url.mjs: mapped by
 * `npm start`'s front server), without running the request guard; a
 * search page is stored only for a term asked for before
 * (server/cache/next-cache-handler.mjs). Against a production server
 * (`npm start`, embedded database): what a shop visitor and a cache-filling
 * attacker would see.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { useEmbeddedShop } from "../../helpers/instances";

const shop = useEmbeddedShop("listing", 11);

async function get(pathname: string) {
  const res = await fetch(`${shop().url}${pathname}`, { redirect: "manual" });
  const html = await res.text();
  return { status: res.status, cache: res.headers.get("x-nextjs-cache"), location: res.headers.get("location"), html, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null };
}

/** The status of a GET for a request target sent byte for byte (no client-side normalisation). */
function rawStatus(target: string): Promise<number> {
  const { hostname, port } = new URL(shop().url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: target, method: "GET" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The term the search badge shows, unescaped ("" without a badge). */
function badgeTerm(html: string): string {
  const text = /data-testid="search-badge"[^>]*>\s*<span[^>]*>(.*?)<\/span>/s.exec(html)?.[1] ?? "";
  const unescaped = text
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return /^Search: "(.*)"$/s.exec(unescaped)?.[1] ?? "";
}

/**
 * The term a search page shows, rendered whole: asked for alone, once the
 * searches before it are done (a search that would wait for another's
 * render gets the results shell, server/front-server.mjs toResultsShell).
 */
async function renderedAlone(term: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const page = await get(`/shop?search=${encodeURIComponent(term)}&sort=newest`);
    if (!page.html.includes("data-search-shell")) return badgeTerm(page.html);
    await new Promise((r) => setTimeout(r, 250));
  }
  return "(always the shell)";
}

async function twice(pathname: string) {
  await get(pathname);
  return get(pathname);
}

describe("listing URLs", () => {
  it("the shop, a category, each sort and a later page are served from the cache on a repeat visit, under their own URL", async () => {
    const categories = (await (await fetch(`${shop().url}/api/categories`)).json()) as Array<{ slug: string; name: string }>;
    const cases: Array<[string, string]> = [
      ["/shop", "All Products | Maple &amp; Micron"],
      ["/shop?page=2", "All Products (Page 2) | Maple &amp; Micron"],
      ["/shop?sort=price-low&page=2", "All Products (Page 2) | Maple &amp; Micron"],
      ["/shop?page=2&sort=newest&utm_source=mail", "All Products (Page 2) | Maple &amp; Micron"],
      [`/shop/${categories[0].slug}`, `${categories[0].name} | Maple &amp; Micron`],
      [`/shop/${categories[0].slug}?sort=price-high`, `${categories[0].name} | Maple &amp; Micron`],
    ];
    for (const [url, title] of cases) {
      const r = await twice(url);
      expect({ url, status: r.status, cache: r.cache, title: r.title }).toEqual({ url, status: 200, cache: "HIT", title });
    }
    const sorted = await get("/shop?sort=price-low");
    const prices = [...sorted.html.matchAll(/data-testid="product-price">\$([\d,.]+)</g)].map((m) => Number(m[1].replace(/,/g, "")));
    expect(prices.length).toBe(12);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }, 120_000);

  it("a category nobody created is a 404 every time and is never stored", async () => {
    for (const slug of ["no-such-category", `random-${randomBytes(6).toString("hex")}`]) {
      for (let i = 0; i < 3; i++) {
        const r = await get(`/shop/${slug}?sort=newest`);
        expect({ slug, status: r.status, hit: r.cache === "HIT" }).toEqual({ slug, status: 404, hit: false });
        expect(r.html).toContain("404 Page Not Found");
      }
    }
  }, 60_000);

  it("a page past the last goes to the last page; values the cached route does not take render on demand", async () => {
    const past = await twice("/shop?page=98");
    expect(past.status).toBe(307);
    expect(past.location).toMatch(/^\/shop\?page=\d$/);
    for (const url of ["/shop?sort=bogus", "/shop?page=abc", "/shop?page=0", "/shop?sort=newest&sort=price-low"]) {
      const r = await twice(url);
      expect({ url, status: r.status, title: r.title }).toEqual({ url, status: 200, title: "All Products | Maple &amp; Micron" });
    }
    // The cached route itself is not an address, however it is spelled.
    for (const path of ["/listing/_all/featured/1", "/listing", "/LISTING/_all/featured/1", "/%6Cisting/_all/featured/1/walnut", "/listing/_all/featured/1?search=walnut"]) {
      const r = await get(path);
      expect({ path, status: r.status, title: r.title }).toEqual({ path, status: 404, title: "Page Not Found | Maple &amp; Micron" });
    }
    // Another method is refused before routing (pages answer GET and HEAD only); with a server action's header, Next refuses the unknown action.
    expect((await fetch(`${shop().url}/listing/_all/featured/1`, { method: "POST", body: "x" })).status).toBe(405);
    const action = await fetch(`${shop().url}/listing/_all/featured/1`, { method: "POST", body: "[]", headers: { "next-action": "7f".padEnd(42, "0") } });
    expect({ status: action.status >= 400 && action.status < 500, listing: (await action.text()).includes("All Products") }).toEqual({ status: true, listing: false });
    // Nor through dot segments, which fetch would resolve itself: sent as they are.
    for (const path of ["/shop/wood-bowls/../../listing/_all/featured/1", "/shop/%2e%2e/listing/_all/featured/1", "/shop/..%5Clisting/_all/featured/1"]) {
      expect({ path, status: await rawStatus(path) }).toEqual({ path, status: 404 });
    }
  }, 120_000);

  it("searches: a repeated term is a cached page, a one-off term is not", async () => {
    const term = `walnut`;
    await get(`/shop?search=${term}`);
    const repeated = await twice(`/shop?search=${term}`);
    expect({ status: repeated.status, cache: repeated.cache, term: badgeTerm(repeated.html) }).toEqual({ status: 200, cache: "HIT", term });
    const once = await get(`/shop?search=oak${randomBytes(3).toString("hex")}`);
    expect({ status: once.status, hit: once.cache === "HIT" }).toEqual({ status: 200, hit: false });
    // Without a shared cache, a term's first search renders /shop on demand, not the cached route (server/cache/search-admission.mjs).
    expect(once.cache).toBeNull();
    // Admission counts each page: another sort of a term read before is, at its first read, rendered on demand too.
    expect((await get(`/shop?search=${term}&sort=price-high`)).cache).toBeNull();
    // The same words typed differently share the page's admission count, each page showing the term as typed.
    const word = `maple${randomBytes(3).toString("hex")}`;
    const inCategory = `/shop/${(await firstCategory()).slug}?sort=newest&search=`;
    await get(`${inCategory}${word.toUpperCase()}`);
    await get(`${inCategory}${word}%20`);
    const typed = await twice(`${inCategory}${word.toUpperCase()}`);
    expect({ cache: typed.cache, term: badgeTerm(typed.html) }).toEqual({ cache: "HIT", term: word.toUpperCase() });
  }, 60_000);

  it("many searches rendered on demand at once (server/render-queue.mjs) all answer with their own term, and clients that leave free their turn", async () => {
    const id = randomBytes(3).toString("hex");
    // Clients that give up while waiting: their renders are skipped or finish, and never hold a turn.
    const leaving = Array.from({ length: 12 }, (_, i) => {
      const controller = new AbortController();
      const request = fetch(`${shop().url}/shop?search=gone${id}x${i}`, { signal: controller.signal }).catch(() => null);
      setTimeout(() => controller.abort(), 5);
      return request;
    });
    await Promise.all(leaving);
    // Their turns are free once the server has seen them leave (on a slow machine it may read a request after its client left): a search alone renders whole.
    expect(await renderedAlone(`back${id}`)).toBe(`back${id}`);
    const terms = Array.from({ length: 24 }, (_, i) => (i % 6 === 5 ? `walnut ${"long".repeat(30)}${id}${i}` : `bowl${id}x${i}`));
    const pages = await Promise.all(terms.map((term) => get(`/shop?search=${encodeURIComponent(term)}`)));
    // Each answers with its own term, or (while another search renders) with the results shell, whose results the browser loads.
    expect(pages.map((page) => ({ status: page.status, term: page.html.includes("data-search-shell") ? "(shell)" : badgeTerm(page.html) }))).toEqual(
      terms.map((term, i) => ({ status: 200, term: pages[i].html.includes("data-search-shell") ? "(shell)" : term.slice(0, 100) })),
    );
    expect(pages.filter((page) => !page.html.includes("data-search-shell")).length).toBeGreaterThan(0);
    expect(pages.filter((page) => page.html.includes("data-search-shell")).length).toBeGreaterThan(0);
    // No turn was kept: a search alone renders whole again.
    expect(await renderedAlone(`solo${id}`)).toBe(`solo${id}`);
  }, 60_000);

  it("searches pipelined on a connection that closes at once never keep their turns: the next searches still answer", async () => {
    const id = randomBytes(3).toString("hex");
    const { hostname, port } = new URL(shop().url);
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect({ host: hostname, port: Number(port) }, () => {
          const requests = Array.from({ length: 6 }, (_, i) => `GET /shop?search=pipe${id}r${round}x${i} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
          socket.end(requests.join(""), () => {
            socket.destroy();
            resolve();
          });
        });
        socket.on("error", reject);
      });
    }
    // Had the closed connections kept their turns, every search would now get the results shell.
    for (let i = 0; i < 4; i++) expect(await renderedAlone(`after${id}x${i}`)).toBe(`after${id}x${i}`);
  }, 60_000);

  it("search terms of any shape show as typed: safe ones are cached when repeated, the rest render on demand", async () => {
    const cases: Array<{ query: string; term: string; cached: boolean; status?: number }> = [
      { query: "search=Walnut%20Bowl", term: "Walnut Bowl", cached: true },
      { query: "search=walnut+bowl&sort=price-low", term: "walnut bowl", cached: true },
      { query: "search=%C3%A9rable%20%E4%B8%AD", term: "érable 中", cached: true },
      { query: "search=Rock%26Roll%20%22oak%22%20%3Cb%3E", term: 'Rock&Roll "oak" <b>', cached: true },
      { query: "search=oak&search=walnut", term: "walnut", cached: true },
      { query: "search=a%2Fb", term: "a/b", cached: false },
      { query: "search=50%25", term: "50%", cached: false },
      { query: "search=what%3F", term: "what?", cached: false },
      { query: "search=%231", term: "#1", cached: false },
      { query: "search=..", term: "..", cached: false },
      { query: "search=wal%00nut", term: "wal nut", cached: false },
      { query: "search=%E0%A4%A", term: "\ufffd%A", cached: false },
      { query: `search=${"w".repeat(150)}`, term: "w".repeat(100), cached: false },
      // Past the cached pages (and here past the last page too): on demand, which sends it to the last page.
      { query: "search=walnut&page=6", term: "", cached: false, status: 307 },
    ];
    const seen = [];
    for (const { query } of cases) {
      const r = await twice(`/shop?${query}`);
      await get(`/shop?${query}`);
      const last = await get(`/shop?${query}`);
      seen.push({ query, status: r.status, term: badgeTerm(r.html), cached: last.cache === "HIT" });
    }
    expect(seen).toEqual(cases.map(({ query, term, cached, status = 200 }) => ({ query, status, term, cached })));
    expect((await get("/shop?search=walnut&page=6")).location).toMatch(/^\/shop\?search=walnut(&page=\d)?$/);
  }, 180_000);
});

async function firstCategory() {
  return ((await (await fetch(`${shop().url}/api/categories`)).json()) as Array<{ slug: string; name: string }>)[0];
}
