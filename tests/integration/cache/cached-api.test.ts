/**
 * A repeated public catalogue query (GET /api/products, /api/search/suggest) is
 * answered by its cached twin (lib/net/cached-api.mjs, app/api/cached), handed
 * over by `npm start`'s front server. Against a production server: what an API
 * client, the maker and a cache-filling attacker would see.
 */
import { randomBytes } from "node:crypto";
import { useEmbeddedShop } from "../../helpers/instances";
import { adminToken, updateProduct, type PublicProduct } from "../../helpers/shop-http";

const password = "cachedapi-test-password";
const shop = useEmbeddedShop("cachedapi", 12);

async function get(pathname: string) {
  const res = await fetch(`${shop().url}${pathname}`);
  return { status: res.status, cache: res.headers.get("x-nextjs-cache"), cacheControl: res.headers.get("cache-control"), type: res.headers.get("content-type"), body: await res.json() };
}

describe("cached catalogue API", () => {
  it("a repeated list query is a cache hit with the live route's answer and headers; any order of its parameters shares it", async () => {
    const first = await get("/api/products?limit=5&sort=price-low");
    expect(first.status).toBe(200);
    const second = await get("/api/products?sort=price-low&limit=5");
    const third = await get("/api/products?limit=5&sort=price-low");
    expect(third).toEqual({ ...first, cache: "HIT" });
    expect(second.body).toEqual(first.body);
    // The route says no-store; behind the front server a shared cache may keep it a minute (lib/cdn/policy.mjs).
    expect(first.cacheControl).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(first.type).toMatch(/^application\/json/);
    const prices = (first.body.products as PublicProduct[]).map((p) => Number(p.price));
    expect(prices).toHaveLength(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The live route (an extra parameter it ignores keeps the query off the cache) gives the same answer.
    const live = await get("/api/products?limit=5&sort=price-low&utm_source=mail");
    expect({ cache: live.cache, cacheControl: live.cacheControl, body: live.body }).toEqual({ cache: null, cacheControl: "public, max-age=0, s-maxage=60, must-revalidate", body: first.body });
  }, 60_000);

  it("search and suggestions are cached the same way", async () => {
    for (const url of ["/api/products?search=walnot&limit=3", "/api/search/suggest?q=wal"]) {
      await get(url);
      await get(url);
      const r = await get(url);
      expect({ url, status: r.status, cache: r.cache }).toEqual({ url, status: 200, cache: "HIT" });
    }
    const found = await get("/api/products?search=walnot&limit=3");
    expect((found.body.products as PublicProduct[]).every((p) => /walnut/i.test(JSON.stringify(p)))).toBe(true);
    const suggested = await get("/api/search/suggest?q=wal");
    expect(suggested.body.suggestions.length).toBeGreaterThan(0);
  }, 60_000);

  it("a query's first read on an instance is answered by the live route, which looks up and prepares no cache entry; its second by the twin, which stores it", async () => {
    const url = `/api/products?search=walnut+${randomBytes(4).toString("hex")}&limit=3`;
    const first = await get(url);
    const second = await get(url);
    const third = await get(url);
    expect([first.cache, second.cache, third.cache]).toEqual([null, "MISS", "HIT"]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
  }, 60_000);

  it("bad queries get the live route's 4xx every time and are never stored", async () => {
    const cases: Array<[string, number, string]> = [
      ["/api/products?limit=0", 400, "limit must be between 1 and 100"],
      ["/api/products?featured=maybe", 400, "featured must be true or false"],
      ["/api/products?limit=2&limit=3", 400, "limit must be given only once"],
      ["/api/search/suggest", 400, "q is required"],
      [`/api/search/suggest?q=${"x".repeat(201)}`, 400, "q is too long"],
    ];
    for (const [url, status, message] of cases) {
      for (let i = 0; i < 3; i++) {
        const r = await get(url);
        expect({ url, status: r.status, message: r.body.message, hit: r.cache === "HIT", cacheControl: r.cacheControl }).toEqual({ url, status, message, hit: false, cacheControl: "no-store" });
      }
    }
  }, 60_000);

  it("the twins cannot be addressed from outside", async () => {
    for (const url of ["/api/cached/products/q", "/api/cached/suggest/qcT13YWw", "/api/cached", "/api/cached/products/q?limit=1"]) {
      const res = await fetch(`${shop().url}${url}`);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
  });

  it("random queries render on demand and are never served from the cache; a price edit shows in the next cached answer", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await get(`/api/products?search=${randomBytes(5).toString("hex")}`);
      expect({ status: r.status, hit: r.cache === "HIT" }).toEqual({ status: 200, hit: false });
    }
    const url = "/api/products?limit=100";
    await get(url);
    const cached = await get(url);
    expect((await get(url)).cache).toBe("HIT");
    const product = (cached.body.products as PublicProduct[]).find((p) => !p.sold)!;
    const token = await adminToken(shop().url, "owner@example.com", password);
    const newPrice = (Number(product.price) + 4.25).toFixed(2);
    await updateProduct(shop().url, token, product.id, { price: newPrice });
    const after = await get(url);
    expect(after.cache).not.toBe("HIT");
    expect((after.body.products as PublicProduct[]).find((p) => p.id === product.id)?.price).toBe(newPrice);
  }, 60_000);
});
