/**
 * `npm start` (one instance, embedded database) answers a page Next.js has
 * just served from its cache again from the finished response
 * (server/cache/response-cache.mjs). What a shopper and an API client see: an
 * admin's edit and a sale show at the very next request, on every page and
 * API answer that was stored; RSC requests still get their payload; HEAD
 * works.
 */
import http from "node:http";
import { useEmbeddedShop } from "../../helpers/instances";
import { adminToken, buy, listPublicProducts, pageText, updateProduct, type PublicProduct } from "../../helpers/shop-http";

const admin = { email: "owner@example.com", password: "respcache-test-password" };
const shop = useEmbeddedShop("respcache", 13, { PAYMENT_PROVIDER: "test" });

const money = (price: string) => `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

function cardPrice(html: string, product: PublicProduct): string | null {
  const at = html.indexOf(`data-slug="${product.slug}"`);
  if (at < 0) return null;
  return /data-testid="product-price"[^>]*>([^<]+)</.exec(html.slice(at, at + 6000))?.[1] ?? null;
}

async function apiPrice(product: PublicProduct, encoding?: string): Promise<string | undefined> {
  const res = await fetch(`${shop().url}/api/products?limit=100`, { headers: encoding ? { "accept-encoding": encoding } : {} });
  return ((await res.json()).products as PublicProduct[]).find((p) => p.id === product.id)?.price;
}

/** Visits a page often enough for its answer to be stored (the second cached answer is), plus one served from the store. */
async function warm(pathname: string) {
  for (let i = 0; i < 4; i++) await pageText(shop().url, pathname);
}

describe("stored responses on npm start", () => {
  it("an admin's price edit shows at the next request on the product page, the shop, the home page and the API", async () => {
    const token = await adminToken(shop().url, admin.email, admin.password);
    const product = (await listPublicProducts(shop().url)).find((p) => p.featured && !p.uniqueItem && !p.sold)!;
    const pages = [`/product/${product.slug}`, "/shop", "/"];
    for (const pathname of pages) await warm(pathname);
    for (let i = 0; i < 4; i++) await Promise.all([apiPrice(product), apiPrice(product, "gzip, br")]);
    expect((await pageText(shop().url, `/product/${product.slug}`)).html).toContain(money(product.price));

    const newPrice = (Number(product.price) + 4.25).toFixed(2);
    await updateProduct(shop().url, token, product.id, { price: newPrice });

    expect((await pageText(shop().url, `/product/${product.slug}`)).html).toContain(money(newPrice));
    expect(cardPrice((await pageText(shop().url, "/shop")).html, product)).toBe(money(newPrice));
    expect(cardPrice((await pageText(shop().url, "/")).html, product)).toBe(money(newPrice));
    expect(await apiPrice(product)).toBe(newPrice);
    expect(await apiPrice(product, "gzip, br")).toBe(newPrice);
  }, 120_000);

  it("a piece sold at checkout shows as sold at the next request", async () => {
    const piece = (await listPublicProducts(shop().url)).find((p) => p.uniqueItem && !p.sold)!;
    await warm(`/product/${piece.slug}`);
    const state = (html: string) => ({
      addToCart: html.split(`data-product-id="${piece.id}" data-quantity=`).length - 1,
      soldOut: html.includes('"availability":"https://schema.org/SoldOut"'),
    });
    expect(state((await pageText(shop().url, `/product/${piece.slug}`)).html)).toEqual({ addToCart: 1, soldOut: false });

    await buy(shop().url, piece.id);

    expect(state((await pageText(shop().url, `/product/${piece.slug}`)).html)).toEqual({ addToCart: 0, soldOut: true });
  }, 120_000);

  it("an RSC request for a stored page gets its RSC payload, and HEAD its headers", async () => {
    const product = (await listPublicProducts(shop().url))[0];
    const pathname = `/product/${product.slug}`;
    await warm(pathname);
    const rsc = await fetch(`${shop().url}${pathname}?_rsc=1`, { headers: { rsc: "1" } });
    const body = await rsc.text();
    expect({ status: rsc.status, type: rsc.headers.get("content-type"), html: /^<!DOCTYPE/i.test(body) }).toEqual({ status: 200, type: "text/x-component", html: false });

    const get = await fetch(`${shop().url}${pathname}`);
    const html = await get.text();
    const head = await fetch(`${shop().url}${pathname}`, { method: "HEAD" });
    expect({ status: head.status, type: head.headers.get("content-type"), csp: !!head.headers.get("content-security-policy"), body: await head.text() }).toEqual({
      status: 200,
      type: "text/html; charset=utf-8",
      csp: true,
      body: "",
    });
    expect(html).toContain(product.name.replace(/&/g, "&amp;"));
  }, 120_000);

  it("an optimized image is never stored: each browser gets the format its Accept header asks for", async () => {
    const product = (await listPublicProducts(shop().url))[0];
    const html = (await pageText(shop().url, `/product/${product.slug}`)).html;
    const image = /(?:src|srcSet)="(\/img\/[^" ,]+)/.exec(html)?.[1];
    expect(image).toBeDefined();
    const typeFor = async (accept: string) => (await fetch(`${shop().url}${image}`, { headers: { accept } })).headers.get("content-type");
    for (let i = 0; i < 3; i++) expect(await typeFor("image/avif,image/webp,*/*")).toBe("image/avif");
    expect(await typeFor("image/webp,*/*")).toBe("image/webp");
  }, 120_000);

  it("the cached API twins stay unreachable from outside, however the path is spelled", async () => {
    // Sent byte for byte (fetch would resolve the dot segments itself).
    const rawStatus = (target: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(shop().url);
        const req = http.request({ hostname, port, path: target, method: "GET" }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
    for (const target of ["/api/cached/products/x", "/./api/cached/products/x", "/api/./cached/products/x", "/%2e/api/cached/products/x", "/shop/../api/cached/suggest/x"]) {
      expect({ target, status: await rawStatus(target) }).toEqual({ target, status: 404 });
    }
  }, 60_000);
});
