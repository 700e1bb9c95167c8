import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import productSitemap, { generateSitemaps } from "@/app/products/sitemap";
import manifest from "@/app/manifest";
import { productInclude, toProductDTO } from "@/lib/catalog/mappers";
import { getProductBySlug, listCategories } from "@/lib/catalog/queries";
import { FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD } from "@/lib/checkout/pricing";
import { seedDatabase } from "@/lib/startup/seed";
import { fromCents, toCents } from "@/lib/money";
import { breadcrumbJsonLd, organizationJsonLd, productBreadcrumb, productJsonLd, serializeJsonLd, websiteJsonLd } from "@/lib/seo/json-ld";
import { MAX_SITEMAP_URLS, mainSitemap, sitemapUrls, productSitemap as productSitemapFile, SITEMAP_PAGES, splitSitemap } from "@/lib/seo/sitemap";
import { absoluteUrl } from "@/lib/seo/url";
import { RETURN_WINDOW_DAYS } from "@/lib/site";
import { seedProducts } from "@/prisma/seed/catalog";
import { checkBreadcrumb, checkOrganization, checkProduct, checkProductGroup, checkWebSite } from "@/tests/helpers/rich-results";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Discoverability on the seeded demo catalogue: the JSON-LD of every product
 * passes Google's merchant-listing rules, and /sitemap.xml and /robots.txt
 * (the route modules' default exports) list what a crawler should see.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDatabase(db.prisma);
});
afterAll(() => db?.cleanup());

const ORIGIN = "http://localhost:3000";

describe(`structured data on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("every seeded product's Product and BreadcrumbList JSON-LD passes the merchant-listing rules", async () => {
    // Every product of the seed (hidden ones too: they get the same markup the day they are shown).
    const rows = await db.prisma.product.findMany({ include: productInclude, orderBy: { id: "asc" } });
    expect(rows.length).toBe(seedProducts.length);
    let sold = 0;
    let groups = 0;
    const availabilities = new Set<string>();
    for (const row of rows) {
      // Public products as their page reads them; hidden ones straight from the row.
      const product = (await getProductBySlug(row.slug)) ?? toProductDTO(row);
      const { slug } = product;
      const data = productJsonLd(product);
      const crumbs = breadcrumbJsonLd(productBreadcrumb(product));
      expect({ slug, problems: checkBreadcrumb(crumbs) }).toEqual({ slug, problems: [] });
      // The breadcrumb is the visible one: Home / Shop / category / product.
      expect((crumbs.itemListElement as Array<{ name: string; item: string }>).map((i) => [i.name, i.item])).toEqual([
        ["Home", `${ORIGIN}/`],
        ["Shop", `${ORIGIN}/shop`],
        [product.category.name, `${ORIGIN}/shop/${product.category.slug}`],
        [product.name, `${ORIGIN}/product/${product.slug}`],
      ]);
      // A product with variants is a ProductGroup: each variant a Product with its own offer, checked as a product's.
      const offers: Array<{ offer: Record<string, any>; price: string; kind: string; lead: [number, number] }> = [];
      if (product.variants?.length) {
        groups++;
        expect({ slug, problems: checkProductGroup(data) }).toEqual({ slug, problems: [] });
        expect(data).toMatchObject({ "@type": "ProductGroup", productGroupID: `MM-${product.id}`, variesBy: ["https://schema.org/size"] });
        const variants = data.hasVariant as Array<Record<string, any>>;
        expect(variants.map((v) => [v.sku, v.size, v.url])).toEqual(product.variants.map((v) => [v.sku, v.values[0], `${ORIGIN}/product/${slug}?variant=${v.sku}`]));
        product.variants.forEach((v, i) => {
          const kind = v.stock === null ? "MadeToOrder" : v.stock > 0 ? "InStock" : v.allowBackorder ? "BackOrder" : "OutOfStock";
          offers.push({ offer: variants[i].offers, price: v.price, kind, lead: [v.leadTimeMinDays ?? 10, v.leadTimeMaxDays ?? 15] });
        });
      } else {
        expect({ slug, problems: checkProduct(data) }).toEqual({ slug, problems: [] });
        // Each kind its own availability, and its own handling time: the shop's for ready-to-ship, the lead time otherwise.
        const kind = product.sold ? "SoldOut" : product.kind === "made_to_order" ? "MadeToOrder" : product.stock === 0 ? (product.allowBackorder ? "BackOrder" : "OutOfStock") : "InStock";
        offers.push({ offer: data.offers as Record<string, any>, price: product.price, kind, lead: [product.leadTimeMinDays ?? 10, product.leadTimeMaxDays ?? 15] });
      }
      for (const { offer, price, kind, lead } of offers) {
        expect(offer.price).toBe(price);
        expect(offer.availability).toBe(`https://schema.org/${kind}`);
        availabilities.add(kind);
        const handling = offer.shippingDetails.deliveryTime.handlingTime;
        const expected = kind === "MadeToOrder" || kind === "BackOrder" ? lead : [1, 2];
        expect({ slug, handling: [handling.minValue, handling.maxValue] }).toEqual({ slug, handling: expected });
        expect(offer.shippingDetails.deliveryTime.transitTime).toMatchObject({ minValue: 2, maxValue: 5, unitCode: "DAY" });
        // One piece ships at the shop's rule: the flat rate, free when the piece alone is over the threshold.
        const rate = toCents(String(offer.shippingDetails.shippingRate.value));
        expect(rate).toBe(toCents(price) > FREE_SHIPPING_THRESHOLD ? 0 : FLAT_SHIPPING);
        expect(offer.hasMerchantReturnPolicy).toMatchObject({
          merchantReturnDays: RETURN_WINDOW_DAYS,
          returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
        });
      }
      if (product.sold) sold++;
    }
    expect(groups).toBe(1);
    expect(sold).toBeGreaterThan(0);
    expect([...availabilities].sort()).toEqual(["BackOrder", "InStock", "MadeToOrder", "SoldOut"]);
  });

  it("the checker catches a ProductGroup Google would reject", () => {
    const variant = (sku: string, size: string, price: string) => ({
      id: Number(sku.length),
      sku,
      values: [size],
      label: `Size: ${size}`,
      price,
      stock: 2,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
      image: null,
    });
    const group = productJsonLd({
      id: 3,
      name: "Jig",
      slug: "jig",
      description: "d",
      shortDescription: null,
      price: "20.00",
      categoryId: 1,
      category: { name: "C", slug: "c" },
      images: ["/a.webp"],
      media: [],
      videoUrl: null,
      featured: false,
      uniqueItem: false,
      sold: false,
      showInGallery: false,
      active: true,
      kind: "made_to_order",
      stock: null,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
      seoTitle: null,
      seoDescription: null,
      createdAt: new Date(0).toISOString(),
      reviewCount: 0,
      reviewStarTotal: 0,
      options: [{ name: "Size", values: ["6 mm", "8 mm"] }],
      variants: [variant("J-6", "6 mm", "20.00"), variant("J-8", "8 mm", "22.50")],
    });
    expect(checkProductGroup(group)).toEqual([]);
    const broken = JSON.parse(JSON.stringify(group));
    broken.variesBy = ["https://schema.org/flavour"];
    delete broken.hasVariant[0].offers.price;
    broken.hasVariant[1].sku = "J-6";
    broken.hasVariant[1].inProductGroupWithID = "other";
    expect(checkProductGroup(broken)).toEqual([
      expect.stringContaining("variesBy[0]"),
      expect.stringContaining("hasVariant[0].offers.price"),
      expect.stringContaining("hasVariant[1].inProductGroupWithID"),
      expect.stringContaining("hasVariant[1].sku"),
    ]);
    // A variant must carry the value of what the group varies by.
    const noSize = JSON.parse(JSON.stringify(group));
    delete noSize.hasVariant[0].size;
    expect(checkProductGroup(noSize)).toEqual([expect.stringContaining("hasVariant[0].size")]);
  });

  it("an in-stock product run out is OutOfStock, and still a valid merchant listing", () => {
    const product = productJsonLd({
      id: 2,
      name: "Board",
      slug: "board",
      description: "d",
      shortDescription: null,
      price: "40.00",
      categoryId: 1,
      category: { name: "C", slug: "c" },
      images: ["/a.webp"],
      media: [],
      videoUrl: null,
      featured: false,
      uniqueItem: false,
      sold: false,
      showInGallery: false,
      active: true,
      kind: "in_stock",
      stock: 0,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
      seoTitle: null,
      seoDescription: null,
      createdAt: new Date(0).toISOString(),
      reviewCount: 0,
      reviewStarTotal: 0,
    });
    expect(checkProduct(product)).toEqual([]);
    expect(product.offers).toMatchObject({ availability: "https://schema.org/OutOfStock", shippingDetails: { deliveryTime: { handlingTime: { minValue: 1, maxValue: 2 } } } });
  });

  it("the Organization carries logo, contact, address, the shipping rule and the return policy; the WebSite a search action", () => {
    const org = organizationJsonLd();
    expect(checkOrganization(org)).toEqual([]);
    expect(org).toMatchObject({ address: { addressLocality: "Asheville", addressRegion: "NC", postalCode: "28801" }, telephone: "+1-828-555-0147" });
    const conditions = (org.hasShippingService as { shippingConditions: Array<{ orderValue: Record<string, number>; shippingRate: { value: number } }> }).shippingConditions;
    expect(conditions.map((c) => [c.orderValue.minValue, c.orderValue.maxValue, c.shippingRate.value])).toEqual([
      [0, Number(fromCents(FREE_SHIPPING_THRESHOLD)), Number(fromCents(FLAT_SHIPPING))],
      [Number(fromCents(FREE_SHIPPING_THRESHOLD + 1)), undefined, 0],
    ]);
    const website = websiteJsonLd();
    expect(checkWebSite(website)).toEqual([]);
    expect(website).toMatchObject({ potentialAction: { target: { urlTemplate: `${ORIGIN}/shop?search={search_term_string}` } } });
  });

  it("the checker catches what Google would reject", () => {
    const product = productJsonLd({
      id: 1,
      name: "X",
      slug: "x",
      description: "d",
      shortDescription: null,
      price: "10.00",
      categoryId: 1,
      category: { name: "C", slug: "c" },
      images: ["/a.webp"],
      media: [],
      videoUrl: null,
      featured: false,
      uniqueItem: false,
      sold: false,
      showInGallery: false,
      active: true,
      kind: "made_to_order",
      stock: null,
      leadTimeMinDays: null,
      leadTimeMaxDays: null,
      allowBackorder: false,
      seoTitle: null,
      seoDescription: null,
      createdAt: new Date(0).toISOString(),
      reviewCount: 0,
      reviewStarTotal: 0,
    });
    expect(checkProduct(product)).toEqual([]);
    const broken = JSON.parse(JSON.stringify(product));
    broken.image = ["/relative.webp"];
    broken.offers.availability = "InStock";
    delete broken.offers.priceCurrency;
    delete broken.offers.hasMerchantReturnPolicy.merchantReturnDays;
    delete broken.offers.shippingDetails.deliveryTime;
    expect(checkProduct(broken)).toEqual([
      expect.stringContaining("Product.image[0].image"),
      expect.stringContaining("priceCurrency"),
      expect.stringContaining("availability"),
      expect.stringContaining("deliveryTime"),
      expect.stringContaining("merchantReturnDays"),
    ]);
  });

  it("escapes the JSON so no text can close the script tag", () => {
    const html = serializeJsonLd({ "@context": "https://schema.org", "@type": "Thing", name: "</script><script>alert(1)</script>\u2028" });
    expect(html).not.toContain("<");
    expect(html).not.toContain("\u2028");
    expect(JSON.parse(html).name).toBe("</script><script>alert(1)</script>\u2028");
  });
});

describe("sitemap and robots.txt", () => {
  it("/sitemap.xml lists the pages, every active category and every active product with its last change and images", async () => {
    const entries = await sitemap();
    const urls = entries.map((e) => e.url);
    for (const page of SITEMAP_PAGES) expect(urls).toContain(absoluteUrl(page.path));
    for (const path of ["/", "/shop", "/my-story", "/gallery", "/contact", "/privacy", "/terms"]) expect(urls).toContain(`${ORIGIN}${path === "/" ? "/" : path}`);
    for (const hidden of ["/cart", "/checkout", "/order-confirmation"]) expect(urls).not.toContain(`${ORIGIN}${hidden}`);

    const categories = await listCategories();
    for (const c of categories) expect(urls).toContain(`${ORIGIN}/shop/${c.slug}`);

    const products = await db.prisma.product.findMany({
      where: { active: true, category: { active: true } },
      include: { images: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
    });
    const productEntries = entries.filter((e) => e.url.startsWith(`${ORIGIN}/product/`));
    expect(productEntries).toHaveLength(products.length);
    for (const p of products) {
      const entry = productEntries.find((e) => e.url === `${ORIGIN}/product/${p.slug}`);
      expect(entry).toBeDefined();
      expect(new Date(entry!.lastModified!).toISOString()).toBe(p.updatedAt.toISOString());
      expect(entry!.images).toEqual(p.images.map((i) => absoluteUrl(i.url)));
    }
    for (const e of entries) expect(e.url).toMatch(/^https?:\/\//);
    expect(await generateSitemaps()).toEqual([]);
  });

  it("a hidden product leaves the sitemap", async () => {
    const product = await db.prisma.product.findFirstOrThrow({ where: { active: true }, orderBy: { id: "asc" } });
    await db.prisma.product.update({ where: { id: product.id }, data: { active: false } });
    try {
      // The jest stand-in for next/cache does not cache: the next read sees the change.
      expect((await sitemap()).map((e) => e.url)).not.toContain(`${ORIGIN}/product/${product.slug}`);
    } finally {
      await db.prisma.product.update({ where: { id: product.id }, data: { active: true } });
    }
  });

  it("splits into files of at most 50,000 URLs, listed in robots.txt", async () => {
    expect(splitSitemap(10, 3)).toEqual({ firstProducts: 10, extraIds: [] });
    expect(splitSitemap(MAX_SITEMAP_URLS, 3)).toEqual({ firstProducts: MAX_SITEMAP_URLS - SITEMAP_PAGES.length - 3, extraIds: [1] });
    expect(splitSitemap(150_000, 3).extraIds).toEqual([1, 2, 3]);
    // On the seeded catalogue with a limit of 20 URLs a file: every product appears exactly once across the files.
    const total = await db.prisma.product.count({ where: { active: true, category: { active: true } } });
    const categories = (await listCategories()).length;
    const split = splitSitemap(total, categories, 20);
    expect(split.firstProducts).toBe(20 - SITEMAP_PAGES.length - categories);
    const files = [await mainSitemap(20), ...(await Promise.all(split.extraIds.map((id) => productSitemapFile(id, 20))))];
    for (const file of files) expect(file.length).toBeLessThanOrEqual(20);
    const productUrls = files
      .flat()
      .filter((e) => e.url.includes("/product/"))
      .map((e) => e.url);
    expect(productUrls).toHaveLength(total);
    expect(new Set(productUrls).size).toBe(total);
    expect(await productSitemapFile(split.extraIds.length + 1, 20)).toEqual([]);
    expect(await sitemapUrls(20)).toEqual([`${ORIGIN}/sitemap.xml`, ...split.extraIds.map((id) => `${ORIGIN}/products/sitemap/${id}.xml`)]);
    expect(await productSitemap({ id: Promise.resolve("1") })).toEqual([]);
  });

  it("robots.txt allows the catalogue, keeps crawlers out of private pages and search results, and names the sitemap", async () => {
    const rules = await robots();
    expect(rules.sitemap).toEqual([`${ORIGIN}/sitemap.xml`]);
    const [rule] = Array.isArray(rules.rules) ? rules.rules : [rules.rules];
    expect(rule.userAgent).toBe("*");
    expect(rule.allow).toBe("/");
    expect(rule.disallow).toEqual(expect.arrayContaining(["/admin", "/api", "/cart", "/checkout", "/order-confirmation", "/shop?search=", "/*?search="]));
  });

  it("the web manifest names the shop, its colours and maskable icons", () => {
    const m = manifest();
    expect(m).toMatchObject({ name: expect.stringContaining("Maple & Micron"), short_name: "Maple & Micron", start_url: "/", display: "standalone" });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.icons?.filter((i) => i.purpose === "maskable").map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
  });
});
