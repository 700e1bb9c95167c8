/**
 * Listings without a search term are rewritten by next.config.ts to their
 * cached route (lib/catalog/listing-rewrites.ts), without running the request
 * guard; searches still go through it. Against a production server
 * (`npm start`, embedded database): what a shop visitor and a cache-filling
 * attacker would see.
 */
import { randomBytes } from "node:crypto";
import { useEmbeddedShop } from "../helpers/instances";

const shop = useEmbeddedShop("listing", 11);

async function get(pathname: string) {
  const res = await fetch(`${shop().url}${pathname}`, { redirect: "manual" });
  const html = await res.text();
  return { status: res.status, cache: res.headers.get("x-nextjs-cache"), location: res.headers.get("location"), html, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null };
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
    expect((await get("/listing/_all/featured/1")).status).toBe(404);
  }, 120_000);

  it("searches still go through the request guard: a repeated term is a cached page, a one-off term is not", async () => {
    const term = `walnut`;
    await get(`/shop?search=${term}`);
    const repeated = await twice(`/shop?search=${term}`);
    expect({ status: repeated.status, cache: repeated.cache }).toEqual({ status: 200, cache: "HIT" });
    const once = await get(`/shop?search=oak${randomBytes(3).toString("hex")}`);
    expect({ status: once.status, hit: once.cache === "HIT" }).toEqual({ status: 200, hit: false });
  }, 60_000);
});
