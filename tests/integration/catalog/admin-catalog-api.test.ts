import { GET as getAdminCategories } from "@/app/api/admin/categories/route";
import { GET as getAdminProducts } from "@/app/api/admin/products/route";
import { DELETE as deleteCategoryRoute, PUT as putCategory } from "@/app/api/categories/[id]/route";
import { GET as getCategories, POST as postCategory } from "@/app/api/categories/route";
import { DELETE as deleteProductRoute, GET as getProduct, PUT as putProduct } from "@/app/api/products/[slug]/route";
import { GET as getProducts, POST as postProduct } from "@/app/api/products/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { productInputSchema, productUpdateSchema, withId } from "@/lib/catalog/admin-schemas";
import { VIDEO_URL_MESSAGE } from "@/lib/catalog/rules";
import { createProduct, listAdminProducts, updateProduct } from "@/lib/catalog/service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { revalidatedTags } from "@/tests/mocks/next-cache";

let db: TestDatabase;
let auth: Record<string, string>;
let cat: { bowls: number; jigs: number; outdoor: number };

beforeAll(async () => {
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  cat = { bowls: categories["wood-bowls"].id, jigs: categories.jigs.id, outdoor: categories.outdoor.id };
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
});
afterAll(() => db?.cleanup());
beforeEach(() => {
  revalidatedTags.length = 0;
});

const image = (n = 1) => ({ url: `/uploads/test-${n}.webp`, width: 1600, height: 1200, alt: `View ${n}` });
const validProduct = (over: Record<string, unknown> = {}) => ({
  name: "Cherry Serving Board",
  description: "A long board in cherry.",
  price: "64.5",
  categoryId: cat.bowls,
  images: [image(1), image(2)],
  ...over,
});

const post = (body: unknown, headers = auth) => call(postProduct, "/api/products", { method: "POST", body, headers });
const put = (id: number | string, body: unknown) => call(putProduct, `/api/products/${id}`, { method: "PUT", body, params: { slug: String(id) }, headers: auth });
const del = (id: number | string) => call(deleteProductRoute, `/api/products/${id}`, { method: "DELETE", params: { slug: String(id) }, headers: auth });
const publicSlugs = async () => (await call(getProducts, "/api/products?limit=100")).json.products.map((p: { slug: string }) => p.slug) as string[];

describe(`admin catalogue API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  describe("products", () => {
    it("POST /api/products creates a product: 201, exact price, ordered images, derived slug, storefront expired", async () => {
      const { status, json } = await post(validProduct({ shortDescription: "  ", videoUrl: "https://youtu.be/dQw4w9WgXcQ", featured: true }));
      expect(status).toBe(201);
      expect(json).toMatchObject({
        name: "Cherry Serving Board",
        slug: "cherry-serving-board",
        price: "64.50",
        categoryId: cat.bowls,
        categoryName: "Wood Bowls",
        category: { slug: "wood-bowls" },
        images: ["/uploads/test-1.webp", "/uploads/test-2.webp"],
        shortDescription: null,
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
        featured: true,
        active: true,
        uniqueItem: false,
        sold: false,
      });
      const row = await db.prisma.product.findUniqueOrThrow({ where: { id: json.id }, include: { images: { orderBy: { position: "asc" } } } });
      expect(row.price.toFixed(2)).toBe("64.50");
      expect(row.images.map((i) => [i.url, i.width, i.height, i.alt, i.position])).toEqual([
        ["/uploads/test-1.webp", 1600, 1200, "View 1", 0],
        ["/uploads/test-2.webp", 1600, 1200, "View 2", 1],
      ]);
      expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:cherry-serving-board"]));
      // and the storefront shows it
      const pub = await call(getProduct, "/api/products/cherry-serving-board", { params: { slug: "cherry-serving-board" } });
      expect(pub.status).toBe(200);
      expect(pub.json.price).toBe("64.50");
    });

    it("accepts a numeric price and stores it exactly", async () => {
      const { status, json } = await post(validProduct({ name: "Numeric Price", price: 12.5 }));
      expect(status).toBe(201);
      expect(json.price).toBe("12.50");
      const { status: s2, json: j2 } = await post(validProduct({ name: "Big Price", price: "99999999.99" }));
      expect(s2).toBe(201);
      expect((await db.prisma.product.findUniqueOrThrow({ where: { id: j2.id } })).price.toFixed(2)).toBe("99999999.99");
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ["missing name", { name: undefined }, "name", "Name is required"],
      ["blank name", { name: "   " }, "name", "Name is required"],
      ["missing price", { price: undefined }, "price", "Price is required"],
      ["blank price", { price: "" }, "price", "Price is required"],
      ["negative price", { price: "-5" }, "price", "Price must be a positive amount"],
      ["zero price", { price: 0 }, "price", "Price must be a positive amount"],
      ["text price", { price: "ten" }, "price", "Price must be a positive amount"],
      ["3-decimal price", { price: "12.345" }, "price", "Price can have at most 2 decimal places"],
      ["missing category", { categoryId: undefined }, "categoryId", "Please select a category."],
      ["empty category", { categoryId: "" }, "categoryId", "Please select a category."],
      ["unknown category", { categoryId: 999999 }, "categoryId", "Please select a category."],
      ["bad slug", { slug: "Cherry Board!" }, "slug", "Use lowercase letters, numbers, and hyphens only"],
      ["double-hyphen slug", { slug: "cherry--board" }, "slug", "Use lowercase letters, numbers, and hyphens only"],
      ["name without slug characters", { name: "!!!" }, "slug", "Use lowercase letters, numbers, and hyphens only"],
      ["non-YouTube video", { videoUrl: "https://example.com/watch?v=dQw4w9WgXcQ" }, "videoUrl", VIDEO_URL_MESSAGE],
      ["no images", { images: [] }, "images", "Please upload at least one product image."],
      ["images missing", { images: undefined }, "images", "Please upload at least one product image."],
      ["missing description", { description: "" }, "description", "Description is required"],
    ])("refuses %s with a field message and stores nothing", async (_label, over, field, message) => {
      const before = await db.prisma.product.count();
      const { status, json } = await post(validProduct(over));
      expect(status).toBe(400);
      expect(json.fields[field]).toBe(message);
      expect(json.message).toBe(Object.values(json.fields)[0]);
      expect(json.error).toBe(json.message);
      expect(await db.prisma.product.count()).toBe(before);
    });

    it("reports every bad field at once", async () => {
      const { status, json } = await post({ description: "x", images: [] });
      expect(status).toBe(400);
      expect(json.fields).toMatchObject({ name: "Name is required", price: "Price is required", categoryId: "Please select a category." });
    });

    it("allows a clone without images (clone: true)", async () => {
      const { status, json } = await post(validProduct({ name: "Cherry Serving Board (Copy)", slug: "cherry-serving-board-copy", images: [], clone: true }));
      expect(status).toBe(201);
      expect(json).toMatchObject({ slug: "cherry-serving-board-copy", images: [] });
      expect(json).not.toHaveProperty("clone");
    });

    it("refuses a duplicate slug with 409", async () => {
      const { status, json } = await post(validProduct({ name: "Another", slug: "dowel-jig" }));
      expect(status).toBe(409);
      expect(json.message).toBe("A product with this slug already exists.");
      expect(json.fields).toEqual({ slug: "A product with this slug already exists." });
      expect(await db.prisma.product.count({ where: { slug: "dowel-jig" } })).toBe(1);
    });

    it("forces showInGallery off unless the piece is unique and sold, and sold off unless unique", async () => {
      const plain = await post(validProduct({ name: "Gallery Wish", sold: true, showInGallery: true }));
      expect(plain.status).toBe(201);
      expect(plain.json).toMatchObject({ uniqueItem: false, sold: false, showInGallery: false });
      const unsold = await post(validProduct({ name: "Unsold Unique", uniqueItem: true, showInGallery: true }));
      expect(unsold.json).toMatchObject({ uniqueItem: true, sold: false, showInGallery: false });
      const sold = await post(validProduct({ name: "Sold Unique", uniqueItem: true, sold: true, showInGallery: true }));
      expect(sold.json).toMatchObject({ uniqueItem: true, sold: true, showInGallery: true });
      expect(revalidatedTags).toContain("gallery");

      // on update the rule is judged on the stored flags
      const ask = await put(unsold.json.id, { showInGallery: true });
      expect(ask.json.showInGallery).toBe(false);
      const nowSold = await put(unsold.json.id, { sold: true, showInGallery: true });
      expect(nowSold.json).toMatchObject({ sold: true, showInGallery: true });
      const notUnique = await put(unsold.json.id, { uniqueItem: false });
      expect(notUnique.json).toMatchObject({ uniqueItem: false, sold: false, showInGallery: false });
      const row = await db.prisma.product.findUniqueOrThrow({ where: { id: unsold.json.id } });
      expect([row.uniqueItem, row.sold, row.showInGallery]).toEqual([false, false, false]);
    });

    it("PUT /api/products/{id} updates the given fields, replaces images and expires old and new slugs", async () => {
      const created = await post(validProduct({ name: "Walnut Coaster Set", price: "30.00" }));
      const id = created.json.id;
      revalidatedTags.length = 0;
      const { status, json } = await put(id, { name: "Walnut Coasters", slug: "", price: "32.1", images: [image(9)], seoTitle: "Coasters" });
      expect(status).toBe(200);
      expect(json).toMatchObject({
        id,
        name: "Walnut Coasters",
        slug: "walnut-coasters",
        price: "32.10",
        images: ["/uploads/test-9.webp"],
        seoTitle: "Coasters",
        description: "A long board in cherry.",
      });
      expect(await db.prisma.productImage.count({ where: { productId: id } })).toBe(1);
      expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:walnut-coaster-set", "product:walnut-coasters"]));

      const keep = await put(id, { description: "Four coasters." });
      expect(keep.json).toMatchObject({ slug: "walnut-coasters", price: "32.10", images: ["/uploads/test-9.webp"], seoTitle: "Coasters" });

      const cleared = await put(id, { seoTitle: "", videoUrl: null });
      expect(cleared.json).toMatchObject({ seoTitle: null, videoUrl: null });
    });

    it("PUT validates like POST, refuses empty images and taken slugs, 404s unknown or non-numeric ids", async () => {
      const { json: p } = await post(validProduct({ name: "Maple Spoon" }));
      const bad = await put(p.id, { price: "1.999", videoUrl: "https://vimeo.com/not-a-video" });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ price: "Price can have at most 2 decimal places", videoUrl: VIDEO_URL_MESSAGE });
      const noImages = await put(p.id, { images: [] });
      expect(noImages.status).toBe(400);
      expect(noImages.json.fields.images).toBe("Please upload at least one product image.");
      const taken = await put(p.id, { slug: "dowel-jig" });
      expect(taken.status).toBe(409);
      expect(taken.json.message).toBe("A product with this slug already exists.");
      expect((await db.prisma.product.findUniqueOrThrow({ where: { id: p.id } })).slug).toBe("maple-spoon");
      for (const id of ["999999", "dowel-jig", "1.5", "-1"]) {
        const missing = await put(id, { name: "Ghost" });
        expect(missing.status).toBe(404);
        expect(missing.json.message).toBe("Product not found");
      }
      const vimeo = await put(p.id, { videoUrl: "https://vimeo.com/123456789" });
      expect(vimeo.json.videoUrl).toBe("https://vimeo.com/123456789");
    });

    it("deactivating a product removes it from the public GET /api/products; reactivating brings it back", async () => {
      const dowel = await db.prisma.product.findUniqueOrThrow({ where: { slug: "dowel-jig" } });
      expect(await publicSlugs()).toContain("dowel-jig");
      const { status, json } = await put(dowel.id, { active: false });
      expect(status).toBe(200);
      expect(json.active).toBe(false);
      expect(await publicSlugs()).not.toContain("dowel-jig");
      expect((await call(getProduct, "/api/products/dowel-jig", { params: { slug: "dowel-jig" } })).status).toBe(404);
      expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:dowel-jig"]));
      // the admin list still shows it
      const admin = await call(getAdminProducts, "/api/admin/products?search=dowel", { headers: auth });
      expect(admin.json.products.map((p: { slug: string; active: boolean }) => [p.slug, p.active])).toEqual([["dowel-jig", false]]);
      await put(dowel.id, { active: true });
      expect(await publicSlugs()).toContain("dowel-jig");
    });

    it("DELETE /api/products/{id} deletes the product and its images; order lines keep their copy", async () => {
      const { json: p } = await post(validProduct({ name: "Doomed Board" }));
      const address = { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" };
      const order = await db.prisma.order.create({
        data: {
          orderNumber: "ORD-DOOMED",
          firstName: "A",
          lastName: "B",
          email: "a@example.com",
          status: "confirmed",
          shippingAddress: address,
          billingAddress: address,
          subtotal: "64.50",
          shipping: "15.99",
          shippingService: "USPS_GROUND_ADVANTAGE",
          tax: "0.00",
          total: "80.49",
          items: { create: [{ productId: p.id, productName: "Doomed Board", price: "64.50", quantity: 1, total: "64.50" }] },
        },
      });
      revalidatedTags.length = 0;
      const { status, json } = await del(p.id);
      expect(status).toBe(200);
      expect(json.id).toBe(p.id);
      expect(await db.prisma.product.findUnique({ where: { id: p.id } })).toBeNull();
      expect(await db.prisma.productImage.count({ where: { productId: p.id } })).toBe(0);
      const line = await db.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
      expect([line.productId, line.productName]).toEqual([null, "Doomed Board"]);
      expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:doomed-board"]));
      expect((await del(p.id)).status).toBe(404);
      expect((await del("abc")).status).toBe(404);
    });

    it("GET /api/admin/products lists every product newest first with category names, limit and search", async () => {
      const all = await call(getAdminProducts, "/api/admin/products?limit=50", { headers: auth });
      expect(all.status).toBe(200);
      const total = await db.prisma.product.count();
      expect(all.json.total).toBe(total);
      expect(all.json.products).toHaveLength(Math.min(total, 50));
      const slugs = all.json.products.map((p: { slug: string }) => p.slug);
      expect(slugs).toEqual(expect.arrayContaining(["retired-jig", "garden-planter"]));
      const times = all.json.products.map((p: { createdAt: string }) => p.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(all.json.products.find((p: { slug: string }) => p.slug === "garden-planter")).toMatchObject({ categoryName: "Outdoor", active: true });
      const two = await call(getAdminProducts, "/api/admin/products?limit=2", { headers: auth });
      expect(two.json.products).toHaveLength(2);
      // every word must match (name, slug or category), case-insensitively
      const search = await call(getAdminProducts, "/api/admin/products?search=SOLD%20%20ash", { headers: auth });
      expect(search.json.products.map((p: { slug: string }) => p.slug)).toEqual(["sold-ash-bowl"]);
      expect(search.json.total).toBe(1);
      const byCategory = await call(getAdminProducts, "/api/admin/products?search=outdoor", { headers: auth });
      expect(byCategory.json.products.map((p: { slug: string }) => p.slug).sort()).toEqual(["garden-planter", "sold-cedar-planter"]);
      const bad = await call(getAdminProducts, "/api/admin/products?limit=0", { headers: auth });
      expect(bad.status).toBe(400);
    });

    it("the service takes the parsed schema output (routes and server actions parse once) and lists like the API", async () => {
      const created = await createProduct(productInputSchema.parse({ name: "Service Made", description: "d", price: "5", categoryId: String(cat.jigs), images: ["/uploads/plain.webp"] }));
      expect(created).toMatchObject({ slug: "service-made", price: "5.00", categoryName: "Jigs & Fixtures", media: [{ url: "/uploads/plain.webp", width: 1200, height: 900, alt: null }] });
      const updated = await updateProduct(String(created.id), productUpdateSchema.parse({ featured: "true" }));
      expect(updated.featured).toBe(true);
      const listed = await listAdminProducts({ search: "service made" });
      expect(listed.map((p) => p.id)).toEqual([created.id]);
      // a server action that gets the id with the fields
      const { id, ...fields } = withId(productUpdateSchema).parse({ id: String(created.id), name: "Service Made Two", slug: "", price: 7 });
      const renamed = await updateProduct(id, fields);
      expect(renamed).toMatchObject({ id: created.id, slug: "service-made-two", price: "7.00", featured: true });
    });

    it("refuses every write without a valid admin token (401) and changes nothing", async () => {
      const before = await db.prisma.product.count();
      const anon = await post(validProduct({ name: "Anon" }), {});
      expect(anon.status).toBe(401);
      expect(anon.json).toEqual({ message: "Authentication required", error: "Authentication required", code: "unauthorized" });
      const forged = await post(validProduct({ name: "Forged" }), { authorization: "Bearer not-a-token" });
      expect(forged.status).toBe(401);
      const dowel = await db.prisma.product.findUniqueOrThrow({ where: { slug: "dowel-jig" } });
      expect((await call(putProduct, "/x", { method: "PUT", body: { name: "Hacked" }, params: { slug: String(dowel.id) } })).status).toBe(401);
      expect((await call(deleteProductRoute, "/x", { method: "DELETE", params: { slug: String(dowel.id) } })).status).toBe(401);
      expect((await call(getAdminProducts, "/api/admin/products")).status).toBe(401);
      expect(await db.prisma.product.count()).toBe(before);
      expect((await db.prisma.product.findUniqueOrThrow({ where: { id: dowel.id } })).name).toBe("Dowel Jig");
    });

    it("a malformed JSON body is a 400", async () => {
      const { status, json } = await call(postProduct, "/api/products", { method: "POST", rawBody: "{nope", headers: auth });
      expect(status).toBe(400);
      expect(json.message).toBe("Request body must be valid JSON");
    });
  });

  describe("categories", () => {
    const postCat = (body: unknown) => call(postCategory, "/api/categories", { method: "POST", body, headers: auth });
    const putCat = (id: number | string, body: unknown) => call(putCategory, `/api/categories/${id}`, { method: "PUT", body, params: { id: String(id) }, headers: auth });
    const delCat = (id: number | string) => call(deleteCategoryRoute, `/api/categories/${id}`, { method: "DELETE", params: { id: String(id) }, headers: auth });

    it("POST /api/categories creates a category with a derived slug and defaults", async () => {
      const { status, json } = await postCat({ name: "Cutting Boards", description: "Edge and end grain." });
      expect(status).toBe(201);
      expect(json).toMatchObject({ name: "Cutting Boards", slug: "cutting-boards", description: "Edge and end grain.", image: null, sortOrder: 0, active: true, productCount: 0 });
      expect(revalidatedTags).toContain("categories");
      const pub = await call(getCategories, "/api/categories");
      expect(pub.json.map((c: { slug: string }) => c.slug)).toContain("cutting-boards");
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ["missing name", {}, "name", "Name is required"],
      ["bad slug", { name: "X", slug: "Bad Slug" }, "slug", "Use lowercase letters, numbers, and hyphens only"],
      ["sortOrder -1", { name: "X", sortOrder: -1 }, "sortOrder", "Sort order must be 0 or more"],
      ["fractional sortOrder", { name: "X", sortOrder: 1.5 }, "sortOrder", "Sort order must be a whole number"],
      ["bad image", { name: "X", image: "javascript:alert(1)" }, "image", "Image must be an uploaded image or an http(s) link"],
    ])("refuses %s with a field message", async (_label, body, field, message) => {
      const before = await db.prisma.category.count();
      const { status, json } = await postCat(body);
      expect(status).toBe(400);
      expect(json.fields[field]).toBe(message);
      expect(await db.prisma.category.count()).toBe(before);
    });

    it("refuses a duplicate slug with 409", async () => {
      const { status, json } = await postCat({ name: "Jigs" });
      expect(status).toBe(409);
      expect(json.message).toBe("A category with this slug already exists.");
      const renamed = await putCat(cat.bowls, { slug: "jigs" });
      expect(renamed.status).toBe(409);
      expect((await db.prisma.category.findUniqueOrThrow({ where: { id: cat.bowls } })).slug).toBe("wood-bowls");
    });

    it("a body with only { active: false } toggles the category and hides its products", async () => {
      const { json: c } = await postCat({ name: "Spoons", sortOrder: 3, image: "/uploads/spoons.webp" });
      await post(validProduct({ name: "Cherry Spoon", categoryId: c.id }));
      expect(await publicSlugs()).toContain("cherry-spoon");
      revalidatedTags.length = 0;
      const off = await putCat(c.id, { active: false });
      expect(off.status).toBe(200);
      expect(off.json).toMatchObject({ active: false, name: "Spoons", sortOrder: 3, image: "/uploads/spoons.webp", productCount: 1 });
      expect(revalidatedTags).toEqual(expect.arrayContaining(["categories", "products"]));
      expect(await publicSlugs()).not.toContain("cherry-spoon");
      expect((await call(getCategories, "/api/categories")).json.map((x: { slug: string }) => x.slug)).not.toContain("spoons");
      const on = await putCat(c.id, { active: true });
      expect(on.json.active).toBe(true);
      expect(await publicSlugs()).toContain("cherry-spoon");
    });

    it("PUT /api/categories/{id} updates fields; unknown or non-numeric ids are 404", async () => {
      const { json: c } = await postCat({ name: "Trays" });
      const { status, json } = await putCat(c.id, { name: "Serving Trays", slug: "", sortOrder: "7", description: "" });
      expect(status).toBe(200);
      expect(json).toMatchObject({ name: "Serving Trays", slug: "serving-trays", sortOrder: 7, description: null, active: true });
      const neg = await putCat(c.id, { sortOrder: -1 });
      expect(neg.status).toBe(400);
      expect(neg.json.fields.sortOrder).toBe("Sort order must be 0 or more");
      expect((await putCat(999999, { active: false })).status).toBe(404);
      expect((await putCat("trays", { active: false })).status).toBe(404);
    });

    it("DELETE refuses a category that still has products (even inactive ones), then deletes it once empty", async () => {
      const { json: c } = await postCat({ name: "Boxes" });
      const { json: p } = await post(validProduct({ name: "Keepsake Box", categoryId: c.id, active: false }));
      const refused = await delCat(c.id);
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe("Move or delete the products in this category first.");
      expect(await db.prisma.category.findUnique({ where: { id: c.id } })).not.toBeNull();
      await put(p.id, { categoryId: cat.bowls });
      revalidatedTags.length = 0;
      const ok = await delCat(c.id);
      expect(ok.status).toBe(200);
      expect(await db.prisma.category.findUnique({ where: { id: c.id } })).toBeNull();
      expect(revalidatedTags).toContain("categories");
      expect((await delCat(c.id)).status).toBe(404);
    });

    it("GET /api/admin/categories lists every category with product counts", async () => {
      const { status, json } = await call(getAdminCategories, "/api/admin/categories", { headers: auth });
      expect(status).toBe(200);
      const outdoor = json.find((c: { slug: string }) => c.slug === "outdoor");
      expect(outdoor).toMatchObject({ active: false, productCount: 2 });
      const jigs = json.find((c: { slug: string }) => c.slug === "jigs");
      expect(jigs.productCount).toBe(await db.prisma.product.count({ where: { categoryId: cat.jigs } }));
      const orders = json.map((c: { sortOrder: number }) => c.sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    });

    it("refuses category writes without credentials", async () => {
      expect((await call(postCategory, "/api/categories", { method: "POST", body: { name: "Anon" } })).status).toBe(401);
      expect((await call(putCategory, "/x", { method: "PUT", body: { active: false }, params: { id: String(cat.jigs) } })).status).toBe(401);
      expect((await call(deleteCategoryRoute, "/x", { method: "DELETE", params: { id: String(cat.outdoor) } })).status).toBe(401);
      expect((await call(getAdminCategories, "/api/admin/categories")).status).toBe(401);
      expect(await db.prisma.category.findFirst({ where: { name: "Anon" } })).toBeNull();
      expect((await db.prisma.category.findUniqueOrThrow({ where: { id: cat.jigs } })).active).toBe(true);
    });
  });
});
