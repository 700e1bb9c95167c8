import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { COMPILE_HINT, MIN_HINTED_BYTES, storefrontChunks } from "@/lib/build/compile-hints";
import { test, expect } from "./test";

/**
 * Page-weight budgets, read from what the production build serves:
 * the HTML document of each public page, and the gzipped JavaScript a browser
 * loads for it before any interaction (its <script src> chunks, read from
 * .next/static on disk; noModule polyfills excluded). A size check, not a
 * timing test: it fails when a change makes a page heavier than its budget.
 *
 * The issue's targets are 60 KB of HTML for /, /shop and a product page and
 * 150 KB of JavaScript for every public page (the order-status page, left out
 * until stop 22, loaded classic zod: 237 KB; now 147). The budgets below are where the
 * pages are today, set at or below the target where the target is met, so a
 * page can only get lighter; the note on issue 8 lists what is left. `/` is
 * measured after the other browser tests have changed the catalogue (sales,
 * admin edits): 58.1 KB on the fresh demo catalogue, 59.3 KB in the full
 * suite, so its budget is the 60 KB target itself. Stop 29 (issue 31's gift cards, which ship
 * nothing): the totals code left the shared chunk the footer pulled onto every page, so the
 * storefront pages lost 0.2–0.6 KB (their budgets follow) and /cart, which holds that code
 * itself, gained 0.1 KB: its budget is the 150 KB target.
 */
const KB = 1024;
const HTML_BUDGET_KB: Record<string, number> = { "/": 60, "/shop": 54, product: 49, "/gallery": 38, "/my-story": 36, "/cart": 23, "/checkout": 24, "/contact": 35 };
const JS_BUDGET_KB: Record<string, number> = {
  "/": 150,
  "/shop": 150,
  category: 150,
  product: 150,
  "/gallery": 145,
  "/my-story": 145,
  "/cart": 150,
  "/contact": 145,
  "/checkout": 148,
  "/order-confirmation": 150,
  "/order-status": 147,
  "/privacy": 145,
  "/terms": 145,
};

/**
 * The demo catalogue's newest product, whose page the product budget was set on (48.6 KB of HTML): asked
 * for as "the newest", it could be another worker's test product, deleted before it is measured.
 */
async function productPath(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const res = await request.get("/product/maple-key-ring-tag", { maxRedirects: 0 });
  expect(res.status(), "the demo catalogue's maple key ring tag").toBe(200);
  return "/product/maple-key-ring-tag";
}

/** The scripts a supported browser runs before any interaction (<script src>, noModule polyfills excluded), as built in .next. */
function firstLoadScripts(html: string): Map<string, Buffer> {
  const sources = new Set<string>();
  for (const [, attrs] of html.matchAll(/<script([^>]*)>/g)) {
    if (/noModule/i.test(attrs)) continue;
    const src = /src="(\/_next\/static\/[^"?]+\.js)[^"]*"/.exec(attrs)?.[1];
    if (src) sources.add(src);
  }
  expect(sources.size, "the page loads its scripts from /_next/static").toBeGreaterThan(0);
  return new Map([...sources].map((src) => [src, readFileSync(path.join(".next", src.replace(/^\/_next\//, "")))]));
}

function firstLoadJsKb(scripts: Map<string, Buffer>): number {
  let bytes = 0;
  for (const body of scripts.values()) bytes += gzipSync(body, { level: 9 }).length;
  return bytes / KB;
}

/**
 * A line of Next's polyfill-module as it reads minified: what every supported browser has (lib/build/no-polyfills.js
 * stands in for it; Lighthouse's "legacy JavaScript" audit flagged it). The test first checks that next's own file
 * still holds it, so a release that rewords the module fails here rather than passing unseen.
 */
const LEGACY_POLYFILLS = "String.prototype.trimStart=String.prototype.trimLeft";

test("public pages stay within their HTML and first-load JavaScript budgets, without legacy polyfills", async ({ request }) => {
  const product = await productPath(request);
  const categories = (await (await request.get("/api/categories")).json()) as Array<{ slug: string }> | { categories: Array<{ slug: string }> };
  const category = `/shop/${(Array.isArray(categories) ? categories : categories.categories)[0].slug}`;
  const pages: Record<string, string> = Object.fromEntries(Object.keys(JS_BUDGET_KB).map((name) => [name, name === "product" ? product : name === "category" ? category : name]));
  expect(readFileSync("node_modules/next/dist/build/polyfills/polyfill-module.js", "utf8"), "next's polyfill-module still reads as it did").toContain(LEGACY_POLYFILLS);
  const report: string[] = [];
  for (const [name, url] of Object.entries(pages)) {
    const res = await request.get(url, { headers: { "accept-encoding": "identity" } });
    expect(res.status(), url).toBe(200);
    const html = await res.text();
    const htmlKb = Buffer.byteLength(html) / KB;
    const scripts = firstLoadScripts(html);
    const jsKb = firstLoadJsKb(scripts);
    for (const [src, body] of scripts) expect.soft(body.includes(LEGACY_POLYFILLS), `${src} (${url}) holds Next's legacy polyfills`).toBe(false);
    report.push(`${url}: HTML ${htmlKb.toFixed(1)} KB, JS ${jsKb.toFixed(1)} KB gz`);
    if (HTML_BUDGET_KB[name]) expect.soft(htmlKb, `HTML of ${url}`).toBeLessThanOrEqual(HTML_BUDGET_KB[name]);
    expect.soft(jsKb, `first-load JavaScript of ${url}`).toBeLessThanOrEqual(JS_BUDGET_KB[name]);
  }
  console.log(report.join("\n"));
});

/**
 * Hydration slices (components/ui/hydration-slice.tsx): the header, footer,
 * product grids and the home and product page sections are hydrated as
 * separate low-priority pieces of work (what keeps a phone's main thread free:
 * Lighthouse's Total Blocking Time), and that must not change the HTML. Every
 * part of these pages is written in place, with nothing sent out of order (a
 * hidden copy at the end of the document, moved in by a script: React does
 * that with a Suspense boundary of more than 500 bytes once 12.8 KB of the
 * page are out), so the footer and the product grid show without JavaScript.
 */
test("public pages are written in place, their header, footer and product grid each a hydration slice", async ({ request }) => {
  const product = await productPath(request);
  for (const url of ["/", "/shop", "/shop?search=walnut", product, "/gallery", "/my-story"]) {
    const html = await (await request.get(url)).text();
    expect.soft(html, `${url}: nothing sent out of order`).not.toMatch(/<template id="B:|<div hidden id="S:/);
    expect.soft(html, `${url}: the header is a hydration slice`).toMatch(/<!--&--><header[^>]*>[\s\S]*?<\/header><!--\/&-->/);
    expect.soft(html, `${url}: the footer is a hydration slice, in place before the scripts`).toMatch(/<!--&--><footer[^>]*>[\s\S]*?<\/footer><!--\/&--><\/div>/);
    // Every product or gallery grid is a slice; a product page shows one only when its category has other pieces.
    const grids = html.match(/<ul[^>]*data-testid="(product|gallery)-grid"/g) ?? [];
    const slicedGrids = html.match(/<!--&--><ul[^>]*data-testid="(product|gallery)-grid"/g) ?? [];
    if (url !== "/my-story" && url !== product) expect.soft(grids.length, `${url}: has a grid`).toBeGreaterThan(0);
    expect.soft(slicedGrids.length, `${url}: each grid is a hydration slice`).toBe(grids.length);
  }
});

/**
 * Compile hints (lib/build/compile-hints.ts, applied by `npm run build`): each script a public
 * page loads before any interaction opens with V8's `//# allFunctionsCalledOnLoad`, so Chrome
 * compiles it on a background thread as it arrives rather than function by function on the main
 * thread (the other half of a phone's blocking time, with the hydration slices above). Checked as
 * served, byte for byte; so is what the checkout loads right after hydration (its form and
 * validation). The chunks only the admin loads are left lazy.
 */
test("the storefront's scripts are marked for eager compilation, the admin's own are not", async ({ page, request }) => {
  const product = await productPath(request);
  const scripts = async (url: string) => {
    const html = await (await request.get(url)).text();
    return [...html.matchAll(/<script([^>]*)>/g)].flatMap(([, attrs]) => {
      const src = /src="(\/_next\/static\/chunks\/[^"?]+\.js)"/.exec(attrs)?.[1];
      return src && !/noModule/i.test(attrs) ? [src] : [];
    });
  };
  const served = async (src: string) => (await request.get(src, { headers: { "accept-encoding": "identity" } })).text();
  const firstLoad = new Set<string>();
  for (const url of ["/", "/shop", product, "/gallery", "/contact", "/checkout", "/order-status"]) {
    for (const src of await scripts(url)) {
      firstLoad.add(src);
      const body = await served(src);
      if (Buffer.byteLength(body) >= MIN_HINTED_BYTES) expect.soft(body.startsWith(COMPILE_HINT), `${src} (${url}) opens with the compile hint`).toBe(true);
    }
  }
  expect(firstLoad.size).toBeGreaterThan(5);
  const storefront = new Set(storefrontChunks(".next").map((file) => `/_next/${file}`));
  const adminOnly = (await scripts("/admin/login")).filter((src) => !storefront.has(src));
  expect(adminOnly.length, "the admin sign-in page has chunks of its own").toBeGreaterThan(0);
  for (const src of adminOnly) expect.soft((await served(src)).startsWith(COMPILE_HINT), `${src} (admin only) stays lazy`).toBe(false);
  // The checkout with a line in the cart loads its form and validation on demand, right after hydration.
  const onDemand: string[] = [];
  page.on("request", (req) => {
    const src = new URL(req.url()).pathname;
    if (/^\/_next\/static\/chunks\/.+\.js$/.test(src) && !firstLoad.has(src)) onDemand.push(src);
  });
  const { products } = await (await request.get("/api/products?limit=1&sort=price-low")).json();
  await page.goto("/api/health");
  await page.evaluate((line) => localStorage.setItem("cart-storage", JSON.stringify({ state: { cartItems: [line], cartCount: 1 }, version: 0 })), {
    id: String(products[0].id),
    productId: products[0].id,
    slug: products[0].slug,
    name: products[0].name,
    price: products[0].price,
    image: null,
    quantity: 1,
    uniqueItem: products[0].uniqueItem,
    unavailable: null,
  });
  await page.goto("/checkout");
  await expect(page.getByRole("main").getByLabel("Email")).toBeVisible();
  expect(onDemand.length, "the checkout loads code on demand").toBeGreaterThan(0);
  for (const src of onDemand) {
    const body = await served(src);
    if (Buffer.byteLength(body) >= MIN_HINTED_BYTES) expect.soft(body.startsWith(COMPILE_HINT), `${src} (checkout, on demand) opens with the compile hint`).toBe(true);
  }
  const unhinted = readdirSync(".next/static/chunks").filter((f) => f.endsWith(".js") && !readFileSync(path.join(".next/static/chunks", f), "utf8").startsWith(COMPILE_HINT));
  expect(unhinted.length, "some chunks (the admin's, the smallest) stay lazily compiled").toBeGreaterThan(5);
});
