import http from "node:http";
import type { AddressInfo } from "node:net";
import { applyCdnHeaders } from "./cdn-headers.mjs";

/** A server answering like Next would (`answer`), with the shared-cache headers installed as the front server does. */
async function serve(purging: boolean, answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    applyCdnHeaders(req, res, (req.url ?? "/").split("?", 1)[0], purging);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const nextPage = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.setHeader("cache-control", "s-maxage=3600, stale-while-revalidate=31532400");
  res.setHeader("etag", '"page-1"');
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end("<p>Walnut bowl $120.00</p>");
};

describe("shared-cache headers on the front server", () => {
  it("a catalogue page: without a CDN a minute at most, tagged, with its ETag", async () => {
    const shop = await serve(false, nextPage);
    const res = await fetch(`${shop.base}/product/walnut-bowl`);
    expect({
      status: res.status,
      cc: res.headers.get("cache-control"),
      sk: res.headers.get("surrogate-key"),
      ct: res.headers.get("cache-tag"),
      etag: res.headers.get("etag"),
      body: await res.text(),
    }).toEqual({
      status: 200,
      cc: "public, max-age=0, s-maxage=60, must-revalidate",
      sk: "products categories gallery product:walnut-bowl",
      ct: "products,categories,gallery,product:walnut-bowl",
      etag: '"page-1"',
      body: "<p>Walnut bowl $120.00</p>",
    });
    await shop.close();
  });

  it("with a purging CDN, Next's hour; a matching If-None-Match gets a 304 without a body", async () => {
    const shop = await serve(true, nextPage);
    const res = await fetch(`${shop.base}/shop`, { headers: { "if-none-match": '"page-1"' } });
    expect({ status: res.status, cc: res.headers.get("cache-control"), etag: res.headers.get("etag"), type: res.headers.get("content-type"), body: await res.text() }).toEqual({
      status: 304,
      cc: "public, max-age=0, s-maxage=3600, stale-while-revalidate=60",
      etag: '"page-1"',
      type: null,
      body: "",
    });
    const changed = await fetch(`${shop.base}/shop`, { headers: { "if-none-match": '"page-0"' } });
    expect({ status: changed.status, body: await changed.text() }).toEqual({ status: 200, body: "<p>Walnut bowl $120.00</p>" });
    await shop.close();
  });

  it("headers handed to writeHead (as Next sends a cached route answer) get the same treatment", async () => {
    const shop = await serve(false, (_req, res) => {
      res.writeHead(200, { "cache-control": "s-maxage=3600, stale-while-revalidate=31532400", "content-type": "application/json", etag: '"api-7"' });
      res.end("{}");
    });
    const res = await fetch(`${shop.base}/api/products`);
    expect({ cc: res.headers.get("cache-control"), sk: res.headers.get("surrogate-key") }).toEqual({ cc: "public, max-age=0, s-maxage=60, must-revalidate", sk: "products categories gallery" });
    expect((await fetch(`${shop.base}/api/products`, { headers: { "if-none-match": '"api-7"' } })).status).toBe(304);
    await shop.close();
  });

  it("private pages are private, no-store and untagged even when the page was cacheable", async () => {
    const shop = await serve(true, nextPage);
    for (const pathname of ["/cart", "/checkout", "/admin/products", "/quote/abc", "/order-status", "/account"]) {
      const res = await fetch(`${shop.base}${pathname}`);
      expect({ pathname, cc: res.headers.get("cache-control"), sk: res.headers.get("surrogate-key") }).toEqual({ pathname, cc: "private, no-store", sk: null });
    }
    await shop.close();
  });
});
