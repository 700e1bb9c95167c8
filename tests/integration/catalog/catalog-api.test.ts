import { GET as getCategories } from "@/app/api/categories/route";
import { GET as getGallery } from "@/app/api/gallery/route";
import { GET as getProduct } from "@/app/api/products/[slug]/route";
import { GET as getProducts } from "@/app/api/products/route";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
});
afterAll(() => db?.cleanup());

const slugs = (json: { products: Array<{ slug: string }> }) => json.products.map((p) => p.slug);

describe(`catalogue API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("GET /api/categories lists active categories in sort order", async () => {
    const { status, json } = await call(getCategories, "/api/categories");
    expect(status).toBe(200);
    expect(json.map((c: { slug: string }) => c.slug)).toEqual(["jigs", "wood-bowls"]);
    expect(json[0]).toMatchObject({ name: "Jigs & Fixtures", description: "Printed jigs.", sortOrder: 0, active: true });
  });

  it("GET /api/products returns only public products with a total", async () => {
    const { status, json } = await call(getProducts, "/api/products");
    expect(status).toBe(200);
    expect(json.total).toBe(7);
    expect(slugs(json)).not.toContain("retired-jig");
    expect(slugs(json)).not.toContain("garden-planter");
    // default "featured" order: featured unsold first
    expect(slugs(json).slice(0, 3).sort()).toEqual(["black-walnut-salad-bowl", "spalted-burl-bowl", "track-saw-square"]);
  });

  it("returns the spec's product shape with exact prices and ordered images", async () => {
    const { json } = await call(getProducts, "/api/products?category=wood-bowls&sort=price-high&limit=1");
    const [p] = json.products;
    expect(p).toMatchObject({ slug: "spalted-burl-bowl", price: "320.00", category: { name: "Wood Bowls", slug: "wood-bowls" }, uniqueItem: true, sold: false });
    expect(p.images).toEqual(["/demo/products/spalted-burl-bowl-1.webp", "/demo/products/spalted-burl-bowl-2.webp"]);
    expect(p.media[0]).toMatchObject({ url: "/demo/products/spalted-burl-bowl-1.webp", width: 1200, height: 900 });
  });

  it("filters by category and featured, and pages with limit/offset", async () => {
    const bowls = await call(getProducts, "/api/products?category=wood-bowls");
    expect(bowls.json.total).toBe(5);
    const featured = await call(getProducts, "/api/products?featured=true&limit=8");
    expect(featured.json.products.every((p: { featured: boolean }) => p.featured)).toBe(true);
    expect(featured.json.total).toBe(3);
    const page1 = await call(getProducts, "/api/products?sort=newest&limit=3&offset=0");
    const page2 = await call(getProducts, "/api/products?sort=newest&limit=3&offset=3");
    expect(slugs(page1.json)).toEqual(["track-saw-square", "spalted-burl-bowl", "maple-nesting-bowls"]);
    expect(slugs(page2.json)).toEqual(["dowel-jig", "black-walnut-salad-bowl", "sold-cherry-bowl"]);
    expect(page2.json.total).toBe(7);
    const inactiveCategory = await call(getProducts, "/api/products?category=outdoor");
    expect(inactiveCategory.json).toEqual({ products: [], total: 0 });
  });

  it("sorts by price and popularity on the server", async () => {
    const low = await call(getProducts, "/api/products?sort=price-low&limit=100");
    const prices = low.json.products.map((p: { price: string }) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(24);
    const high = await call(getProducts, "/api/products?sort=price-high&limit=2");
    expect(slugs(high.json)).toEqual(["spalted-burl-bowl", "sold-cherry-bowl"]);
    const popular = await call(getProducts, "/api/products?sort=popular&limit=3");
    expect(slugs(popular.json)).toEqual(["dowel-jig", "maple-nesting-bowls", "black-walnut-salad-bowl"]);
  });

  it("searches case-insensitively over name, descriptions and category, best matches first", async () => {
    const walnut = await call(getProducts, "/api/products?search=WALNUT");
    // name match outranks description-only matches
    expect(slugs(walnut.json)[0]).toBe("black-walnut-salad-bowl");
    expect(slugs(walnut.json).sort()).toEqual(["black-walnut-salad-bowl", "spalted-burl-bowl", "track-saw-square"]);
    expect(walnut.json.total).toBe(3);
    const byCategory = await call(getProducts, "/api/products?search=fixtures");
    expect(slugs(byCategory.json).sort()).toEqual(["dowel-jig", "track-saw-square"]);
    const byShort = await call(getProducts, "/api/products?search=square%20dowel");
    expect(slugs(byShort.json)).toEqual(["dowel-jig"]);
    const sortedSearch = await call(getProducts, "/api/products?search=bowl&sort=price-low");
    expect(slugs(sortedSearch.json)[0]).toBe("maple-nesting-bowls");
    const wildcard = await call(getProducts, "/api/products?search=%25");
    expect(wildcard.json.total).toBe(0);
    const none = await call(getProducts, "/api/products?search=zebrawood");
    expect(none.json).toEqual({ products: [], total: 0 });
    const searchInCategory = await call(getProducts, "/api/products?search=walnut&category=jigs");
    expect(slugs(searchInCategory.json)).toEqual(["track-saw-square"]);
  });

  it.each([
    ["offset=-1", "offset must be a whole number"],
    ["limit=101", "limit must be between 1 and 100"],
    ["limit=abc", "limit must be a whole number"],
    ["limit=0", "limit must be between 1 and 100"],
    ["sort=cheapest", "sort must be one of"],
    ["featured=maybe", "featured must be true or false"],
  ])("GET /api/products?%s is a 400 with a message", async (query, message) => {
    const { status, json } = await call(getProducts, `/api/products?${query}`);
    expect(status).toBe(400);
    expect(json.message).toContain(message);
  });

  it("GET /api/products/{slug} returns a product, 404 JSON when missing or hidden", async () => {
    const ok = await call(getProduct, "/api/products/dowel-jig", { params: { slug: "dowel-jig" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ name: "Dowel Jig", price: "24.00", shortDescription: "Drill square dowel holes every time." });
    for (const slug of ["nope", "retired-jig", "garden-planter"]) {
      const missing = await call(getProduct, `/api/products/${slug}`, { params: { slug } });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: "Product not found", error: "Product not found", code: "not_found" });
    }
  });

  it("GET /api/gallery lists sold one-of-a-kind pieces flagged for the gallery (never from a hidden category)", async () => {
    const { status, json } = await call(getGallery, "/api/gallery");
    expect(status).toBe(200);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ slug: "sold-cherry-bowl", name: "Sold Cherry Bowl", category: { name: "Wood Bowls" } });
    expect(json[0].images).toHaveLength(2);
  });
});
