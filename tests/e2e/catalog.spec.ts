import { test, expect, type APIRequestContext, type Locator, type Page } from "./test";
import { seedProducts } from "../../prisma/seed/catalog";

/**
 * Catalogue browsing as a shopper: shop listing (count, pagination, sort, search,
 * categories), product detail (gallery, stepper, unique pieces, video, related,
 * redirects) and the gallery of sold pieces. Slugs come from the public API so the
 * tests follow the demo catalogue instead of hard-coding it.
 */

type ApiProduct = {
  slug: string;
  name: string;
  description: string;
  shortDescription: string | null;
  price: string;
  category: { name: string; slug: string };
  images: string[];
  videoUrl: string | null;
  featured: boolean;
  uniqueItem: boolean;
  sold: boolean;
  kind: "one_of_a_kind" | "in_stock" | "made_to_order";
  stock: number | null;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  seoTitle: string | null;
};
type ApiCategory = { name: string; slug: string; description: string | null };
type ApiGalleryItem = { slug: string; name: string };

async function apiProducts(request: APIRequestContext, query = ""): Promise<{ products: ApiProduct[]; total: number }> {
  const res = await request.get(`/api/products?limit=100${query}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

function cards(page: Page): Locator {
  return page.locator("main").getByTestId("product-grid").first().getByTestId("product-card");
}

async function cardSlugs(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-slug") ?? ""));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByTestId("product-price").allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, "")));
}

/** The page's Product structured data (other JSON-LD blocks, if any, are skipped). */
type ProductJsonLd = { "@type": string; name: string; offers: { price: string; priceCurrency: string; availability: string } };

async function productJsonLd(page: Page): Promise<ProductJsonLd> {
  const blocks = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  const product = blocks.map((b) => JSON.parse(b) as ProductJsonLd).find((data) => data["@type"] === "Product");
  expect(product, "Product JSON-LD").toBeTruthy();
  return product!;
}

/**
 * The page's cards are the API's list. Another worker may add or delete a product (through
 * the admin API, which expires the cached pages) between the two reads, so a mismatch is read
 * again after a reload; a page that stays stale fails.
 */
async function expectCardsAsApi(page: Page, request: APIRequestContext, query: string) {
  await expect(async () => {
    const expected = (await apiProducts(request, query)).products.slice(0, 12).map((p) => p.slug);
    const shown = await cardSlugs(page);
    if (shown.join() !== expected.join()) await page.reload();
    expect(shown).toEqual(expected);
  }).toPass({ timeout: 20_000 });
}

async function chooseSort(page: Page, label: string) {
  await page.locator("main").getByLabel("Sort by").selectOption({ label });
}

test.describe("shop listing", () => {
  test("shows All Products with a count, 12 cards and crawlable pagination", async ({ page, request }) => {
    const main = page.locator("main");
    // The count is the API's; read again if another worker changed the catalogue in between.
    await expect(async () => {
      const { total } = await apiProducts(request);
      await page.goto("/shop");
      await expect(main.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
      await expect(main.getByTestId("product-count")).toHaveText(`${total} products`, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(cards(page)).toHaveCount(12);

    const pagination = main.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toBeVisible();
    const numbered = pagination.locator('[data-testid="page-link"], [data-testid="page-current"]');
    expect(await numbered.count()).toBeLessThanOrEqual(5);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/1/);
    // Real links, so crawlers can follow them.
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/shop?page=2");
    await expect(pagination.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/shop?page=2");

    let firstPage = await cardSlugs(page);
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);
    await expect.poll(async () => (await cardSlugs(page)).join(",")).not.toBe(firstPage.join(","));
    // No card on both pages; both read again if another worker added a product in between (it moves page 1's last card on).
    await expect(async () => {
      const overlap = (await cardSlugs(page)).filter((slug) => firstPage.includes(slug));
      if (overlap.length) {
        await page.goto("/shop");
        firstPage = await cardSlugs(page);
        await page.goto("/shop?page=2");
      }
      expect(overlap).toEqual([]);
    }).toPass({ timeout: 20_000 });
    await expect(pagination.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/shop");
  });

  test("a page past the last one goes to the last page", async ({ page, request }) => {
    await expect(async () => {
      const { total } = await apiProducts(request);
      const lastPage = Math.ceil(total / 12);
      await page.goto("/shop?page=99");
      await expect(page).toHaveURL(new RegExp(`/shop\\?page=${lastPage}$`));
      await expect(cards(page)).toHaveCount(total - (lastPage - 1) * 12, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });

  test("sorts by price both ways, newest and most popular", async ({ page, request }) => {
    await page.goto("/shop?page=2");
    await expect(cards(page)).toHaveCount(12);

    await chooseSort(page, "Price: Low to High");
    await expect(page).toHaveURL(/\/shop\?sort=price-low$/); // sorting goes back to page 1
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length === 12 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
      })
      .toBe(true);

    await chooseSort(page, "Price: High to Low");
    await expect(page).toHaveURL(/sort=price-high/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length === 12 && prices.every((p, i) => i === 0 || prices[i - 1] >= p);
      })
      .toBe(true);
    // The dearest is the API's; read again if another worker's product changed it in between.
    await expect(async () => {
      const highest = Math.max(...(await apiProducts(request)).products.map((p) => Number(p.price)));
      const shown = (await cardPrices(page))[0];
      if (shown !== highest) await page.reload();
      expect(shown).toBe(highest);
    }).toPass({ timeout: 20_000 });

    const featuredOrder = (await apiProducts(request, "&sort=featured")).products.slice(0, 12).map((p) => p.slug);
    for (const [label, value] of [
      ["Newest", "newest"],
      ["Most Popular", "popular"],
    ] as const) {
      await chooseSort(page, label);
      await expect(page).toHaveURL(new RegExp(`sort=${value}`));
      const expected = (await apiProducts(request, `&sort=${value}`)).products.slice(0, 12).map((p) => p.slug);
      expect(expected).not.toEqual(featuredOrder);
      await expectCardsAsApi(page, request, `&sort=${value}`);
    }

    await chooseSort(page, "Featured");
    await expect(page).toHaveURL(/\/shop$/);
    await expectCardsAsApi(page, request, "&sort=featured");
  });

  test("search box filters by a term and shows the search badge", async ({ page, request }) => {
    const term = "walnut";
    await page.goto("/shop?sort=price-low&page=2");
    const box = page.locator("main").getByLabel("Search products");
    await box.fill(term);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?sort=price-low&search=walnut$/); // keeps the sort, drops the page
    await expect(page.locator("main").getByTestId("search-badge")).toContainText(`Search: "${term}"`);
    await expect(box).toHaveValue(term);

    // The page shows what the API finds; both read again if another worker's product changed it in between.
    await expect(async () => {
      const { products, total } = await apiProducts(request, `&search=${term}`);
      expect(total).toBeGreaterThan(0);
      for (const p of products) {
        const haystack = [p.name, p.shortDescription ?? "", p.description, p.category.name].join(" ").toLowerCase();
        expect(haystack).toContain(term);
      }
      const count = await page.locator("main").getByTestId("product-count").textContent();
      const shown = await cardSlugs(page);
      const matching = new Set(products.map((p) => p.slug));
      const same = count === `${total} ${total === 1 ? "product" : "products"}` && shown.length === Math.min(12, total) && shown.every((slug) => matching.has(slug));
      if (!same) await page.reload();
      expect({ count, shown: shown.length, unmatched: shown.filter((slug) => !matching.has(slug)) }).toEqual({
        count: `${total} ${total === 1 ? "product" : "products"}`,
        shown: Math.min(12, total),
        unmatched: [],
      });
    }).toPass({ timeout: 20_000 });
    // Every shown card mentions the term in what it shows or what it describes.
    const names = await cards(page).getByTestId("product-link").allTextContents();
    expect(names.some((n) => n.toLowerCase().includes(term))).toBe(true);
    const prices = await cardPrices(page);
    expect(prices.every((p, i) => i === 0 || prices[i - 1] <= p)).toBe(true);
  });

  test("a search without results shows the empty state and Clear Search returns to all products", async ({ page }) => {
    const term = "zzqxnonsense";
    await page.goto("/shop");
    const box = page.locator("main").getByLabel("Search products");
    await box.fill(term);
    await page.locator("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?search=${term}$`));
    const main = page.locator("main");
    await expect(main.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await expect(main.getByText(`No products match "${term}". Try a different search term.`)).toBeVisible();
    await expect(main.getByTestId("product-count")).toHaveText("0 products");

    await main.getByRole("link", { name: "Clear Search" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(main.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(main.getByLabel("Search products")).toHaveValue("");
  });

  test("a category page shows its heading, description and only its products", async ({ page, request }) => {
    const categories: ApiCategory[] = await (await request.get("/api/categories")).json();
    const { products } = await apiProducts(request);
    const category = categories.find((c) => products.some((p) => p.category.slug === c.slug))!;
    const count = products.filter((p) => p.category.slug === category.slug).length;

    await page.goto(`/shop/${category.slug}`);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
    await expect(main.getByTestId("listing-description")).toHaveText(category.description ?? "");
    await expect(main.getByTestId("listing-category-badge")).toHaveText(category.name);
    await expect(main.getByTestId("product-count")).toHaveText(`${count} ${count === 1 ? "product" : "products"}`);
    await expect(cards(page)).toHaveCount(Math.min(12, count));
    const badges = await cards(page).getByTestId("category-badge").allTextContents();
    expect(new Set(badges)).toEqual(new Set([category.name]));
    await expect(page).toHaveTitle(new RegExp(category.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  });

  test("an unknown category is a 404", async ({ page }) => {
    const res = await page.goto("/shop/no-such-category");
    expect(res?.status()).toBe(404);
  });
});

test.describe("product detail", () => {
  test("breadcrumb, thumbnails, quantity stepper and related products", async ({ page, request }) => {
    const { products } = await apiProducts(request);
    const product = products.find((p) => p.kind === "made_to_order" && p.images.length >= 3)!;
    await page.goto(`/product/${product.slug}`);
    const main = page.locator("main");

    await expect(main.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    const crumbs = main.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
    await expect(crumbs.getByRole("link", { name: product.category.name })).toHaveAttribute("href", `/shop/${product.category.slug}`);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(product.name);

    // Gallery: thumbnails switch the main image.
    const mainImage = main.getByTestId("gallery-main-image");
    await expect(mainImage).toHaveAttribute("src", new RegExp(`${product.images[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    const first = main.getByRole("button", { name: "Show image 1" });
    const second = main.getByRole("button", { name: "Show image 2" });
    await expect(first).toHaveAttribute("aria-current", "true");
    await second.click();
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(first).not.toHaveAttribute("aria-current", "true");
    await expect(mainImage).toHaveAttribute("src", new RegExp(`${product.images[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    // Keyboard: arrow right moves to the next thumbnail.
    await second.press("ArrowRight");
    await expect(main.getByRole("button", { name: "Show image 3" })).toHaveAttribute("aria-current", "true");
    await expect(main.getByRole("button", { name: "Show image 3" })).toBeFocused();

    // Quantity stepper.
    const info = main.getByTestId("product-info");
    const minus = info.getByRole("button", { name: "Decrease quantity" });
    const plus = info.getByRole("button", { name: "Increase quantity" });
    const quantity = info.getByLabel("Quantity", { exact: true });
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await expect(plus).toHaveAttribute("title", "Increase quantity");
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(quantity).toHaveValue("2");
    await expect(info.getByRole("button", { name: /^Add to Cart/ }).filter({ hasText: product.name })).toBeEnabled();

    // Related: same category, at most 4, never the product itself.
    const related = main.getByTestId("related-products");
    await expect(related.getByRole("heading", { name: "You May Also Like" })).toBeVisible();
    const relatedCards = related.getByTestId("product-card");
    const n = await relatedCards.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(4);
    const relatedSlugs = await relatedCards.evaluateAll((els) => els.map((el) => el.getAttribute("data-slug")));
    expect(relatedSlugs).not.toContain(product.slug);
    expect(new Set(await relatedCards.getByTestId("category-badge").allTextContents())).toEqual(new Set([product.category.name]));

    // Metadata and structured data.
    const title = product.seoTitle ?? product.name;
    await expect(page).toHaveTitle(title.includes("Maple & Micron") ? title : `${title} | Maple & Micron`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(0);
    expect(description!.length).toBeLessThanOrEqual(160);
    const ld = await productJsonLd(page);
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers.priceCurrency).toBe("USD");
    expect(ld.offers.price).toBe(product.price);
    // Made to order: the page and the offer say so, with its lead time as the handling time.
    const lead = [product.leadTimeMinDays ?? 10, product.leadTimeMaxDays ?? 15];
    await expect(page.locator("main").getByTestId("product-info").getByText(`Made to order — ships in ${lead[0]}–${lead[1]} working days`, { exact: true })).toBeVisible();
    expect(ld.offers.availability).toBe("https://schema.org/MadeToOrder");
  });

  test("a small batch says how many are left, and the quantity stops there", async ({ page, request }) => {
    const { products } = await apiProducts(request);
    const batch = products.find((p) => p.kind === "in_stock" && p.stock !== null && p.stock > 1 && p.stock <= 5)!;
    await page.goto(`/product/${batch.slug}`);
    const info = page.locator("main").getByTestId("product-info");
    await expect(info.getByText(`Only ${batch.stock} left · Ships in 1–2 days`, { exact: true })).toBeVisible();
    const plus = info.getByRole("button", { name: "Increase quantity" });
    for (let i = 1; i < batch.stock!; i++) await plus.click();
    await expect(info.getByLabel("Quantity", { exact: true })).toHaveValue(String(batch.stock));
    await expect(plus).toBeDisabled();
    await expect(plus).toHaveAttribute("title", `Only ${batch.stock} left`);
    const ld = await productJsonLd(page);
    expect(ld.offers.availability).toBe("https://schema.org/InStock");
    // The card in the listing says it too.
    await page.goto(`/shop/${batch.category.slug}`);
    await expect(page.locator(`[data-slug="${batch.slug}"]`).locator("small")).toHaveText(`Only ${batch.stock} left · Ships in 1–2 days`);
  });

  test("a sold unique piece says so and has no add button", async ({ page, request }) => {
    const { products } = await apiProducts(request);
    const sold = products.find((p) => p.uniqueItem && p.sold)!;
    await page.goto(`/product/${sold.slug}`);
    const info = page.locator("main").getByTestId("product-info");
    await expect(info.getByText("This unique handcrafted piece has been sold.")).toBeVisible();
    await expect(info.getByText("SOLD", { exact: true })).toBeVisible();
    await expect(info.getByRole("button", { name: /add to cart/i })).toHaveCount(0);
    await expect(info.getByTestId("add-to-cart")).toHaveCount(0);
    await expect(info.getByTestId("quantity-stepper")).toHaveCount(0);
    const ld = await productJsonLd(page);
    expect(ld.offers.availability).toBe("https://schema.org/SoldOut");
  });

  test("an unsold unique piece shows Only 1 Available and a disabled plus", async ({ page, request }) => {
    const { products } = await apiProducts(request);
    const unique = products.find((p) => p.uniqueItem && !p.sold)!;
    await page.goto(`/product/${unique.slug}`);
    const info = page.locator("main").getByTestId("product-info");
    await expect(info.getByText("Only 1 Available")).toBeVisible();
    const plus = info.getByRole("button", { name: "Increase quantity" });
    await expect(plus).toBeDisabled();
    await expect(plus).toHaveAttribute("title", "Only 1 available");
    await expect(info.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await expect(info.getByLabel("Quantity", { exact: true })).toHaveValue("1");
    await expect(info.getByRole("button", { name: /^Add to Cart/ }).filter({ hasText: unique.name })).toBeEnabled();
  });

  test("a product with a YouTube video opens the player from its thumbnail", async ({ page, request }) => {
    const { products } = await apiProducts(request);
    const withVideo = products.find((p) => p.videoUrl && /youtu/.test(p.videoUrl))!;
    await page.goto(`/product/${withVideo.slug}`);
    const main = page.locator("main");
    await expect(main.locator('iframe[title="Product video"]')).toHaveCount(0);
    const videoThumb = main.getByRole("button", { name: "Play video" });
    await expect(videoThumb).toBeVisible();
    await videoThumb.click();
    const iframe = main.locator('iframe[title="Product video"]');
    await expect(iframe).toBeVisible();
    await expect(iframe).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}/);
    await expect(videoThumb).toHaveAttribute("aria-current", "true");
    await main.getByRole("button", { name: "Show image 1" }).click();
    await expect(iframe).toHaveCount(0);
    await expect(main.getByTestId("gallery-main-image")).toBeVisible();
  });

  test("a missing product redirects home with a notice flag", async ({ page }) => {
    await page.goto("/product/does-not-exist");
    await expect(page).toHaveURL(/\/\?product-not-found=true$/);
  });

  test("an inactive product redirects like a missing one", async ({ page, request }) => {
    const inactive = seedProducts.find((p) => p.active === false)!;
    expect(inactive).toBeTruthy();
    const { products } = await apiProducts(request);
    expect(products.some((p) => p.slug === inactive.slug)).toBe(false);
    await page.goto(`/product/${inactive.slug}`);
    await expect(page).toHaveURL(/\/\?product-not-found=true$/);
  });
});

test.describe("gallery", () => {
  test("shows sold pieces linking to their product pages", async ({ page, request }) => {
    const items: ApiGalleryItem[] = await (await request.get("/api/gallery")).json();
    expect(items.length).toBeGreaterThan(0);
    await page.goto("/gallery");
    const gallery = page.locator("main").getByTestId("gallery-grid");
    const links = gallery.getByTestId("gallery-card");
    await expect(links).toHaveCount(items.length);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toEqual(items.map((i) => `/product/${i.slug}`));

    const { products } = await apiProducts(request);
    for (const item of items) {
      const p = products.find((x) => x.slug === item.slug);
      if (p) expect(p.uniqueItem && p.sold).toBe(true);
    }

    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${items[0].slug}$`));
    await expect(page.locator("main").getByText("This unique handcrafted piece has been sold.")).toBeVisible();
  });
});

test("listing cards link to product pages without nesting the button in the link", async ({ page }) => {
  await page.goto("/shop");
  const card = cards(page).first();
  const link = card.getByTestId("product-link");
  const slug = await card.getAttribute("data-slug");
  await expect(link).toHaveAttribute("href", `/product/${slug}`);
  expect(await card.locator("a button, a a, button a").count()).toBe(0);
  await expect(card.getByRole("button", { name: /^(add to cart|sold)/i })).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/product/${slug}$`));
});

test("card, category and gallery images load through the short /img/{width}/ URLs, and the optimizer still checks what it is asked", async ({ page, request }) => {
  for (const path of ["/shop", "/"]) {
    await page.goto(path);
    const first = cards(page).first().locator("img");
    await expect(first).toHaveAttribute("srcset", /^\/img\/\d+\/demo\/products\/[a-z0-9-]+\.webp \d+w,\/img\//);
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  const categoryImage = page.locator('main a[href^="/shop/"] img').first();
  await expect(categoryImage).toHaveAttribute("srcset", /^\/img\/\d+\//);

  const src = (await page.locator("main img[srcset^='/img/']").first().getAttribute("srcset"))!.split(" ")[0];
  const ok = await request.get(src, { headers: { accept: "image/avif,image/webp,*/*" } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toMatch(/^image\/(avif|webp)$/);
  // A width the site never asks for, a path outside the public files, a page instead of an image: 4xx, never a 500.
  expect((await request.get(src.replace(/^\/img\/\d+\//, "/img/641/"))).status()).toBe(400);
  expect((await request.get("/img/640/demo/missing-image.webp")).status()).toBe(404);
  expect((await request.get("/img/640/api/health")).status()).toBe(400);
  expect((await request.get("/img/640/demo/%2e%2e/%2e%2e/etc/passwd")).status()).toBe(404);
});
