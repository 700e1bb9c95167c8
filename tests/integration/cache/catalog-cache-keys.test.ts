import { randomBytes } from "node:crypto";
import { GET as getProduct } from "@/app/api/products/[slug]/route";
import { GET as getProducts } from "@/app/api/products/route";
import { getProductBySlug, getRelatedProducts, listProducts } from "@/lib/catalog/queries";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { cacheKeys } from "@/tests/mocks/next-cache";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The data cache must stay bounded whatever URLs are requested: the jest
 * stand-in for next/cache records every distinct key a cached read is called
 * with, the way Next.js would store one entry per key.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
});
afterAll(() => db?.cleanup());

const random = () => randomBytes(6).toString("hex");
const SORTS = ["featured", "price-low", "price-high", "newest", "popular"] as const;

/** The reads the real site makes: every known listing, product page and related list. */
async function browseEverythingKnown() {
  for (const category of [undefined, "jigs", "wood-bowls"]) {
    for (const sort of SORTS) for (const featured of [undefined, true, false]) await listProducts({ category, sort, featured, limit: 12 });
  }
  // searches share one catalogue-version entry (lib/catalog/search-queries.ts; its typo word list is held per process)
  for (const search of ["walnut", "walnot"]) await listProducts({ search });
  for (const slug of ["dowel-jig", "spalted-burl-bowl"]) {
    const product = await getProductBySlug(slug);
    await getRelatedProducts(product!);
  }
}

describe("catalogue cache keys", () => {
  it("do not grow with random exclude values, categories, offsets, searches or slugs", async () => {
    await browseEverythingKnown();
    const known = cacheKeys.size;
    for (let i = 0; i < 40; i++) {
      expect((await call(getProducts, `/api/products?exclude=${random()}`)).status).toBe(200);
      expect((await call(getProducts, `/api/products?category=jigs&exclude=${random()}&limit=4`)).status).toBe(200);
      expect((await call(getProducts, `/api/products?category=${random()}`)).json).toEqual({ products: [], total: 0 });
      expect((await call(getProducts, `/api/products?offset=${1000 + i}`)).json.products).toEqual([]);
      expect((await call(getProducts, `/api/products?search=${random()}`)).json.total).toBe(0);
      expect((await call(getProduct, `/api/products/${random()}`, { params: { slug: random() } })).status).toBe(404);
      await listProducts({ category: "wood-bowls", limit: 12, offset: 12 * (50 + i) });
    }
    await browseEverythingKnown();
    expect(cacheKeys.size).toBe(known);
  });

  it("still answers exclude, offset and related reads from the cached list", async () => {
    const { json } = await call(getProducts, "/api/products?category=wood-bowls&exclude=maple-nesting-bowls&sort=price-low");
    expect(json.total).toBe(4);
    expect(json.products.map((p: { slug: string }) => p.slug)).toEqual(["black-walnut-salad-bowl", "sold-ash-bowl", "sold-cherry-bowl", "spalted-burl-bowl"]);
    const page2 = await call(getProducts, "/api/products?sort=price-low&limit=2&offset=2");
    expect(page2.json.products.map((p: { slug: string }) => p.slug)).toEqual(["maple-nesting-bowls", "black-walnut-salad-bowl"]);
    // exclude with an offset: the same page as filtering the whole listing, wherever the excluded piece sits
    const whole = (await listProducts({ sort: "price-low", limit: 100 })).products.map((p) => p.slug);
    for (const excluded of [whole[0], whole[2], whole.at(-1)!]) {
      for (let offset = 0; offset < whole.length; offset++) {
        const page = await listProducts({ sort: "price-low", limit: 2, offset, excludeSlug: excluded });
        expect(page.products.map((p) => p.slug)).toEqual(whole.filter((s) => s !== excluded).slice(offset, offset + 2));
        expect(page.total).toBe(whole.length - 1);
      }
    }
    const product = await getProductBySlug("dowel-jig");
    expect((await getRelatedProducts(product!)).map((p) => p.slug)).toEqual(["track-saw-square"]);
  });

  it("refuses an offset past MAX_API_OFFSET with a 400", async () => {
    const res = await call(getProducts, "/api/products?offset=99999999999999999999");
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("offset must be between 0 and 10000");
  });
});
