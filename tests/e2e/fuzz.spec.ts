import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { test, expect, type APIRequestContext } from "./test";

/**
 * Hostile URLs against the real production server (router and proxy
 * included, which route-level tests never see): malformed percent-encoding,
 * NUL bytes, out-of-range numbers and over-long segments in the path and the
 * query of pages and API routes must never give a 5xx. And requests for
 * random variants (exclude values, unknown categories, pages past the last,
 * searches, unknown products) must not make the on-disk cache grow.
 * API requests only, no browser page (the "mobile" project runs only
 * mobile.spec.ts, so this runs once, in "desktop").
 */

const BAD_SEGMENTS = ["%E0%A4%A", "%ff", "%", "%00", "a%00b", "%C0%AF", "%uD800", "99999999999", "2147483648", "-1", "1.5", "1e309", "x".repeat(3000)];
const BAD_QUERY_VALUES = ["%E0%A4%A", "%ff", "%", "%00", "a%00b", "99999999999999999999", "1e309", "-1", "1.5", "x".repeat(3000)];

const PAGE_PATHS = ["/shop/{}", "/product/{}", "/listing/{}", "/admin/{}", "/{}", "/gallery/{}", "/og/product/{}", "/og/category/{}", "/products/sitemap/{}.xml"];
const API_PATHS = [
  "GET /api/products/{}",
  "GET /api/cart/{}",
  "DELETE /api/cart/fuzz_session/{}",
  "DELETE /api/cart/{}/1",
  "GET /api/orders/{}",
  "PATCH /api/orders/{}/status",
  "PUT /api/categories/{}",
  "PUT /api/admin/users/{}",
  "DELETE /api/admin/customers/{}",
];
const QUERY_URLS = [
  "/shop?search={}",
  "/shop?page={}",
  "/shop?sort={}",
  "/shop/jigs?page={}&search={}",
  "/order-confirmation?orderNumber={}",
  "/admin/reset-password?token={}",
  "/admin/products?search={}",
  "/admin/orders?status={}",
  "/api/products?offset={}",
  "/api/products?limit={}",
  "/api/products?search={}",
  "/api/products?category={}",
  "/api/products?exclude={}",
  "/api/products?featured={}&sort={}",
  "/api/admin/products?search={}&limit={}",
  "/api/orders?status={}&limit={}",
];

/** Query names that are Object.prototype members: Next's searchParams record turned `constructor` into a value holding a function (a 500 on /shop). */
const PROTOTYPE_QUERIES = ["constructor=1&__proto__=2&search=oak", "__proto__=1&constructor=2&toString=3&page=2", "hasOwnProperty=1&valueOf=2&sort=newest&constructor=x"];
const PROTOTYPE_PAGES = [
  "/",
  "/shop",
  "/shop/wood-bowls",
  "/gallery",
  "/contact",
  "/cart",
  "/checkout",
  "/order-confirmation",
  "/order-status",
  "/admin/products",
  "/admin/orders",
  "/admin/customers",
];

async function signIn(request: APIRequestContext) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: process.env.ADMIN_EMAIL ?? "admin@example.com", password: process.env.ADMIN_PASSWORD ?? "correct-horse-battery", json: "true" },
    maxRedirects: 0,
  });
  expect(res.status()).toBeLessThan(400);
}

async function expectNoServerError(request: APIRequestContext, method: string, url: string, counts: Map<string, number>, kind: string) {
  const res = await request.fetch(url, { method, maxRedirects: 0, ...(method === "GET" || method === "DELETE" ? {} : { data: {} }) });
  expect(res.status(), `${method} ${url.slice(0, 120)}`).toBeLessThan(500);
  if (url.startsWith("/api/") && res.status() >= 400) expect((await res.json()).message, `${method} ${url.slice(0, 120)}`).toBeTruthy();
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
}

test("malformed paths and queries on pages and API routes never give a 5xx", async ({ request }) => {
  test.setTimeout(180_000);
  await signIn(request);
  const counts = new Map<string, number>();
  for (const segment of BAD_SEGMENTS) {
    for (const template of PAGE_PATHS) await expectNoServerError(request, "GET", template.replace("{}", segment), counts, "page path segment");
    for (const entry of API_PATHS) {
      const [method, template] = entry.split(" ");
      await expectNoServerError(request, method, template.replace("{}", segment), counts, "API path segment");
    }
  }
  for (const value of BAD_QUERY_VALUES) {
    for (const template of QUERY_URLS) {
      await expectNoServerError(request, "GET", template.replaceAll("{}", value), counts, template.startsWith("/api/") ? "API query" : "page query");
    }
  }
  for (const query of PROTOTYPE_QUERIES) {
    for (const page of PROTOTYPE_PAGES) await expectNoServerError(request, "GET", `${page}?${query}`, counts, "page query naming Object.prototype members");
    await expectNoServerError(request, "GET", `/api/products?${query}`, counts, "API query");
  }
  console.log(`Fuzzed the real server: ${[...counts].map(([k, n]) => `${k} ${n}`).join(", ")}; 0 server errors.`);
});

/** Files Next.js has written for runtime cache entries (data cache and rendered pages). */
function cacheFileCount(): number {
  const count = (dir: string): number => {
    let n = 0;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return 0;
    }
    for (const name of entries) {
      const full = path.join(dir, name);
      // A file another worker's page replaces meanwhile may be gone by the time it is looked at.
      n += statSync(full, { throwIfNoEntry: false })?.isDirectory() ? count(full) : 1;
    }
    return n;
  };
  return count(path.join(".next", "cache", "fetch-cache")) + count(path.join(".next", "server", "app"));
}

test("random exclude values, categories, searches, slugs and out-of-range pages add no cache files", async ({ request }) => {
  test.skip(!!process.env.E2E_BASE_URL, "counts files of the server started in this worktree");
  test.setTimeout(120_000);
  const random = () => Math.random().toString(36).slice(2, 10);
  const warm = ["/shop", "/shop?page=2", "/api/products", "/api/products?limit=100", "/api/categories"];
  for (const url of warm) await request.get(url, { maxRedirects: 0 });
  const before = cacheFileCount();
  for (let i = 0; i < 25; i++) {
    for (const url of [
      `/api/products?exclude=${random()}`,
      `/api/products?category=${random()}`,
      `/api/products?search=${random()}`,
      `/api/products?offset=${5000 + i}`,
      `/api/products/${random()}`,
      `/shop/${random()}?page=${i + 2}`,
      `/shop?page=${500 + i}`,
      `/shop?search=${random()}`,
      `/product/${random()}`,
      `/og/product/${random()}`,
      `/og/category/${random()}`,
      `/products/sitemap/${i + 1}.xml`,
    ]) {
      expect((await request.get(url, { maxRedirects: 0 })).status(), url).toBeLessThan(500);
    }
  }
  // 300 random addresses: a leak would add hundreds of files. The other worker renders pages of its own meanwhile
  // (new test products, their variants), which may add a few.
  expect(cacheFileCount() - before).toBeLessThan(25);
});
