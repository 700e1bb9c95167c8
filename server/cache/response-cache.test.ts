/**
 * The front server's stored responses (server/cache/response-cache.mjs), driven
 * the way server/front-server.mjs drives them, in front of a stand-in for
 * Next.js that counts what reaches it: what is stored, what never is, and
 * what expires it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

// The store serves one instance only: loaded without REDIS_URL, whatever the environment has.
delete process.env.REDIS_URL;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cache = require("./response-cache.mjs") as typeof import("./response-cache.mjs");

type Answer = { status?: number; cache?: string; cookie?: boolean; body?: string; cacheControl?: string; vary?: string; destroy?: boolean; during?: () => void };
let answer: Answer = {};
let reached = 0;
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader("x-request-id", `req-${Math.random()}`);
    const key = cache.responseKey(req);
    if (key !== null) {
      if (cache.sendStoredResponse(key, req, res)) return;
      cache.recordResponse(key, req, res);
    }
    reached += 1;
    const a = answer;
    res.statusCode = a.status ?? 200;
    if (a.cache) res.setHeader("x-nextjs-cache", a.cache);
    if (a.cookie) res.setHeader("set-cookie", "session=abc");
    res.setHeader("cache-control", a.cacheControl ?? "s-maxage=3600");
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("x-seen", `${req.headers["accept-encoding"] ?? "none"}`);
    if (a.vary) res.setHeader("vary", a.vary);
    res.write(`<p>${a.body ?? "page"} #${reached}`);
    setImmediate(() => {
      a.during?.();
      if (a.destroy) res.destroy();
      else res.end("</p>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  cache.expireStoredResponses();
  answer = { cache: "HIT" };
  reached = 0;
});

function get(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on("error", reject);
      res.on("aborted", () => reject(new Error("aborted")));
    });
    req.on("error", reject);
    req.end();
  });
}

async function times(n: number, pathname: string, headers: Record<string, string> = {}) {
  const bodies: string[] = [];
  for (let i = 0; i < n; i++) bodies.push((await get(pathname, headers)).body);
  return bodies;
}

describe("stored responses", () => {
  it("a page Next served from its cache is stored from its second such answer and sent again with its headers, not its request id", async () => {
    const first = await get("/shop");
    const second = await get("/shop");
    const third = await get("/shop");
    expect([first.body, second.body, third.body]).toEqual(["<p>page #1</p>", "<p>page #2</p>", "<p>page #2</p>"]);
    expect(reached).toBe(2);
    expect(third.headers["x-nextjs-cache"]).toBe("HIT");
    expect(third.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(third.headers["content-length"]).toBe(String("<p>page #2</p>".length));
    expect(third.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
    expect(cache.storedResponseCount()).toBe(1);
  });

  it("HEAD gets the stored headers without a body", async () => {
    await times(3, "/");
    const head = await get("/", {}, "HEAD");
    expect({ status: head.status, body: head.body, length: head.headers["content-length"], reached }).toEqual({ status: 200, body: "", length: String("<p>page #2</p>".length), reached: 2 });
  });

  it("each Accept-Encoding has its own entry", async () => {
    await times(2, "/");
    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["x-seen"]).toBe("gzip");
    expect((await get("/")).headers["x-seen"]).toBe("none");
  });

  it("renders for this request, cookies, errors, s-maxage=0, answers varying on Accept and responses over 1 MB are never stored", async () => {
    const answers: Answer[] = [
      { cache: "MISS" },
      { cache: "STALE" },
      {},
      { cache: "HIT", cookie: true },
      { cache: "HIT", status: 404 },
      { cache: "HIT", cacheControl: "s-maxage=0" },
      { cache: "HIT", vary: "Accept" },
      { cache: "HIT", vary: "rsc, Accept-Encoding, User-Agent" },
      { cache: "HIT", body: "x".repeat(1_100_000) },
    ];
    for (const a of answers) {
      cache.expireStoredResponses();
      answer = a;
      reached = 0;
      await times(4, "/gallery");
      expect({ a: { ...a, body: a.body?.length }, reached }).toEqual({ a: { ...a, body: a.body?.length }, reached: 4 });
    }
    expect(cache.storedResponseCount()).toBe(0);
  });

  it("RSC, prefetch, conditional, range, action and Next-internal requests, /admin, /_next and the live API always reach Next", async () => {
    await times(3, "/shop");
    const other: Array<[string, Record<string, string>]> = [
      ["/shop", { rsc: "1" }],
      ["/shop", { "next-router-prefetch": "1" }],
      ["/shop", { "next-router-state-tree": "x" }],
      ["/shop", { "next-router-segment-prefetch": "/_tree" }],
      ["/shop", { "next-action": "abc" }],
      ["/shop", { "if-none-match": '"x"' }],
      ["/shop", { range: "bytes=0-10" }],
      ["/shop", { cookie: "__prerender_bypass=1" }],
      ["/shop", { "x-invoke-path": "/product/bowl" }],
      ["/shop", { "x-matched-path": "/product/bowl" }],
      ["/shop", { "x-now-route-matches": "slug=bowl" }],
      ["/shop", { "x-nextjs-data": "1" }],
      ["/shop", { "x-middleware-prefetch": "1" }],
      ["/shop", { "x-prerender-revalidate": "token" }],
      ["/shop", { authorization: "Bearer x" }],
      ["/shop?_rsc=abc", {}],
    ];
    const before = reached;
    for (const [pathname, headers] of other) await get(pathname, headers);
    expect(reached - before).toBe(other.length);
    for (const pathname of [
      "/admin/products",
      "/admin",
      "/_next/static/x.js",
      "/_next/image?url=%2Fx.webp&w=640&q=75",
      "/img/640/demo/x.webp",
      "/api/products",
      "/./_next/image?url=%2Fx.webp&w=640&q=75",
      "/shop/../admin",
      "/%2e/api/products",
    ]) {
      reached = 0;
      await times(3, pathname);
      expect({ pathname, reached }).toEqual({ pathname, reached: 3 });
    }
  });

  it("a response cut off by an error is never stored", async () => {
    answer = { cache: "HIT", destroy: true };
    for (let i = 0; i < 3; i++) await get("/gallery/cut").catch(() => undefined);
    expect(cache.storedResponseCount()).toBe(0);
    answer = { cache: "HIT", vary: "Accept-Encoding, rsc, next-router-state-tree" };
    await times(3, "/gallery/cut");
    expect(cache.storedResponseCount()).toBe(1);
  });

  it("a cached API twin is stored like a page", async () => {
    await times(3, "/api/cached/products/limit=12");
    expect(reached).toBe(2);
  });

  it("an expiry drops every stored response", async () => {
    await times(3, "/shop");
    await times(3, "/");
    expect(cache.storedResponseCount()).toBe(2);
    cache.expireStoredResponses();
    expect(cache.storedResponseCount()).toBe(0);
    reached = 0;
    expect((await get("/shop")).body).toBe("<p>page #1</p>");
    expect(reached).toBe(1);
  });

  it("a response whose request began before an expiry is not stored", async () => {
    await get("/product/bowl"); // the first answer is never stored
    answer = { cache: "HIT", during: () => cache.expireStoredResponses() };
    await get("/product/bowl");
    expect(cache.storedResponseCount()).toBe(0);
    answer = { cache: "HIT" };
    await get("/product/bowl");
    expect(cache.storedResponseCount()).toBe(1);
  });
});
