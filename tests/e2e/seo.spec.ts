import { checkBreadcrumb, checkOrganization, checkProduct, checkWebSite, jsonLdBlocks } from "../helpers/rich-results";
import { expect, test, type APIRequestContext, type Page } from "./test";
import { adminApiHeaders } from "./a11y-helpers";

/**
 * What crawlers and share previews see on the production build: sitemap,
 * robots.txt, icons and manifest answer with the right types; product pages
 * carry a canonical URL, Open Graph tags with a card that answers, and valid
 * JSON-LD; private pages and search results are not indexed; no console errors.
 */

/** The path of an absolute URL (the site's own URLs use SITE_URL, which may differ from the test server). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function expectAsset(request: APIRequestContext, path: string, type: RegExp) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()["content-type"], path).toMatch(type);
  return res;
}

async function firstProductPath(request: APIRequestContext): Promise<string> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const url = [...xml.matchAll(/<loc>([^<]+\/product\/[^<]+)<\/loc>/g)][0]?.[1];
  expect(url).toBeTruthy();
  return pathOf(url!);
}

const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute("content");

test("sitemap.xml, robots.txt, manifest, icons and share cards answer 200 with their content types", async ({ request }) => {
  const sitemap = await (await expectAsset(request, "/sitemap.xml", /^application\/xml/)).text();
  expect(sitemap).toContain("<urlset");
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/shop<\/loc>/);
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/product\/[a-z0-9-]+<\/loc>\s*<image:image>/);
  expect(sitemap).toContain("<lastmod>");
  expect(sitemap).not.toMatch(/\/(cart|checkout|order-confirmation|admin)</);

  const robots = await (await expectAsset(request, "/robots.txt", /^text\/plain/)).text();
  for (const line of [
    "User-Agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /order-confirmation",
    "Disallow: /shop?search=",
    "Disallow: /*?search=",
  ]) {
    expect(robots).toContain(line);
  }
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);

  const manifest = await (await expectAsset(request, "/manifest.webmanifest", /^application\/manifest\+json/)).json();
  expect(manifest.short_name).toBe("Maple & Micron");
  for (const icon of manifest.icons) await expectAsset(request, icon.src, icon.type === "image/svg+xml" ? /^image\/svg\+xml/ : /^image\/png/);

  await expectAsset(request, "/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/);
  await expectAsset(request, "/icon.svg", /^image\/svg\+xml/);
  await expectAsset(request, "/apple-icon.png", /^image\/png/);
  await expectAsset(request, "/opengraph-image", /^image\/png/);
  expect((await request.get("/og/product/no-such-product")).status()).toBe(404);
});

test("a product page has a canonical URL, Open Graph tags with a card that answers, and valid JSON-LD", async ({ page, request }) => {
  const path = await firstProductPath(request);
  await page.goto(path);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical && pathOf(canonical)).toBe(path);
  expect(await meta(page, 'meta[property="og:url"]')).toMatch(new RegExp(`^https?://[^/]+${path}$`));
  const title = await meta(page, 'meta[property="og:title"]');
  // The product name, or its SEO title (which names the product).
  expect(title).toContain(await page.getByRole("heading", { level: 1 }).textContent());
  expect(await meta(page, 'meta[property="og:description"]')).toBeTruthy();
  expect(await meta(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  const image = (await meta(page, 'meta[property="og:image"]'))!;
  expect(await meta(page, 'meta[property="og:image:width"]')).toBe("1200");
  expect(await meta(page, 'meta[property="og:image:height"]')).toBe("630");
  expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
  const card = await expectAsset(request, pathOf(image), /^image\/png/);
  expect((await card.body()).length).toBeGreaterThan(10_000);
  expect(await page.locator('meta[name="robots"]').count()).toBe(0);

  const blocks = jsonLdBlocks(await page.content());
  const product = blocks.find((b) => b["@type"] === "Product");
  const breadcrumb = blocks.find((b) => b["@type"] === "BreadcrumbList");
  expect(checkProduct(product)).toEqual([]);
  expect(checkBreadcrumb(breadcrumb)).toEqual([]);
  // The structured breadcrumb is the visible one.
  const visible = (await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents()).map((t) => t.trim());
  expect((breadcrumb!.itemListElement as Array<{ name: string }>).map((i) => i.name)).toEqual(visible);
});

test("the home page carries Organization and WebSite JSON-LD; a category has its own title, description and card", async ({ page, request }) => {
  await page.goto("/");
  const blocks = jsonLdBlocks(await page.content());
  expect(checkOrganization(blocks.find((b) => b["@type"] === "Organization"))).toEqual([]);
  expect(checkWebSite(blocks.find((b) => b["@type"] === "WebSite"))).toEqual([]);
  expect(pathOf((await page.locator('link[rel="canonical"]').getAttribute("href"))!)).toBe("/");

  const xml = await (await request.get("/sitemap.xml")).text();
  const categories = [...xml.matchAll(/<loc>(https?:\/\/[^<]+\/shop\/[a-z0-9-]+)<\/loc>/g)].map((m) => pathOf(m[1]));
  expect(categories.length).toBeGreaterThan(1);
  const seen = new Set<string>();
  for (const path of categories.slice(0, 3)) {
    await page.goto(path);
    const title = await page.title();
    const description = await meta(page, 'meta[name="description"]');
    expect(seen.has(title) || seen.has(description!)).toBe(false);
    seen.add(title).add(description!);
    expect(pathOf((await page.locator('link[rel="canonical"]').getAttribute("href"))!)).toBe(path);
    await expectAsset(request, pathOf((await meta(page, 'meta[property="og:image"]'))!), /^image\/png/);
  }
});

test("the sitemap follows the catalogue: a product's change shows in its lastmod at once", async ({ request }) => {
  const path = await firstProductPath(request);
  const slug = path.split("/").pop()!;
  const lastmod = async () => {
    const xml = await (await request.get("/sitemap.xml")).text();
    return new RegExp(`<loc>[^<]*/product/${slug}</loc>[\\s\\S]*?<lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
  };
  const before = await lastmod();
  expect(before).toBeTruthy();
  const auth = await adminApiHeaders(request);
  const product = await (await request.get(`/api/products/${slug}`)).json();
  // Saving the product unchanged: nothing a shopper sees moves, but the row's updatedAt does.
  const saved = await request.put(`/api/products/${product.id}`, { headers: auth, data: { featured: product.featured } });
  expect(saved.status()).toBe(200);
  await expect.poll(lastmod).not.toBe(before);
  expect(new Date((await lastmod())!).getTime()).toBeGreaterThan(new Date(before!).getTime());
});

test("search results, cart, checkout, order confirmation and admin are noindex", async ({ page }) => {
  for (const path of ["/shop?search=x", "/cart", "/checkout", "/order-confirmation?order=ORD-1", "/admin/login"]) {
    await page.goto(path);
    expect(await meta(page, 'meta[name="robots"]'), path).toMatch(/noindex/);
  }
});

test("no console errors or failed requests on the home page and a product page", async ({ page, request }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  const product = await firstProductPath(request);
  for (const path of ["/", product]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // The browser asks for the favicon on its own; it must be there.
  expect((await request.get("/favicon.ico")).status()).toBe(200);
  expect(problems).toEqual([]);
});
