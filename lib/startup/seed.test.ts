import { existsSync } from "node:fs";
import path from "node:path";
import { verifyPassword } from "@/lib/auth/password";
import { seedDatabase } from "@/lib/startup/seed";
import { seedProducts } from "@/prisma/seed/catalog";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
const logs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  delete process.env.ADMIN_PASSWORD;
  process.env.ADMIN_EMAIL = "Maker@Example.com";
});
afterAll(() => db?.cleanup());

describe("seedDatabase", () => {
  let generatedPassword: string | undefined;

  it("seeds a believable demo catalogue", async () => {
    const result = await seedDatabase(db.prisma, { log: (m) => logs.push(m) });
    expect(result.seeded).toBe(true);
    generatedPassword = result.generatedPassword;
    const p = db.prisma;
    expect(await p.category.count({ where: { active: true } })).toBeGreaterThanOrEqual(6);
    expect(await p.category.count({ where: { active: false } })).toBe(1);
    expect(await p.product.count()).toBeGreaterThanOrEqual(36);
    expect(await p.product.count({ where: { active: false, category: { active: true } } })).toBe(1);
    expect(await p.product.count({ where: { featured: true } })).toBeGreaterThanOrEqual(6);
    expect(await p.product.count({ where: { uniqueItem: true, sold: false } })).toBeGreaterThanOrEqual(3);
    expect(await p.product.count({ where: { uniqueItem: true, sold: true, showInGallery: false } })).toBeGreaterThanOrEqual(2);
    expect(await p.product.count({ where: { uniqueItem: true, sold: true, showInGallery: true } })).toBeGreaterThanOrEqual(4);
    expect(await p.product.count({ where: { videoUrl: { contains: "youtube.com" } } })).toBe(1);
    expect(await p.product.count({ where: { videoUrl: { contains: "vimeo.com" } } })).toBe(1);
    // The three kinds: counted stock (one down to its last few, one on backorder), made to order with its own lead time and with the default.
    expect(await p.product.count({ where: { stock: { gte: 10 }, allowBackorder: false } })).toBeGreaterThanOrEqual(2);
    expect(await p.product.count({ where: { stock: { gt: 0, lte: 5 } } })).toBeGreaterThanOrEqual(1);
    expect(await p.product.count({ where: { stock: 0, allowBackorder: true } })).toBe(1);
    expect(await p.product.count({ where: { uniqueItem: false, stock: null, leadTimeMinDays: 15, leadTimeMaxDays: 20 } })).toBeGreaterThanOrEqual(2);
    expect(await p.product.count({ where: { uniqueItem: false, stock: null, leadTimeMinDays: null } })).toBeGreaterThanOrEqual(10);
    // One printed tool with variants: a SKU, price and count or lead time per dowel size, priced at its lowest.
    const withVariants = await p.product.findMany({ where: { variants: { some: {} } }, include: { variants: { orderBy: { position: "asc" } } } });
    expect(withVariants.map((v) => [v.slug, v.price.toFixed(2), v.stock, v.options])).toEqual([
      ["self-centring-dowelling-jig", "26.00", null, [{ name: "Dowel size", values: ["6 mm", "8 mm", "10 mm", "12 mm"] }]],
    ]);
    expect(withVariants[0].variants.map((v) => [v.sku, v.optionValues, v.price.toFixed(2), v.stock, v.allowBackorder, v.leadTimeMinDays])).toEqual([
      ["SCDJ-6MM", ["6 mm"], "26.00", 14, false, null],
      ["SCDJ-8MM", ["8 mm"], "28.00", 3, false, null],
      ["SCDJ-10MM", ["10 mm"], "30.00", 0, true, 5],
      ["SCDJ-12MM", ["12 mm"], "34.00", null, false, 10],
    ]);
    expect(withVariants[0].variants[1].image).toBe("/demo/products/self-centring-dowelling-jig-2.webp");
    const boundary = await p.product.findMany({ where: { price: { in: ["100.00", "99.99"] } } });
    expect(boundary).toHaveLength(2);
  });

  it("gives every product 2–4 images whose files ship in public/", async () => {
    const products = await db.prisma.product.findMany({ include: { images: { orderBy: { position: "asc" } } } });
    for (const product of products) {
      expect({ slug: product.slug, n: product.images.length >= 2 && product.images.length <= 4 }).toEqual({ slug: product.slug, n: true });
      expect(product.images.map((i) => i.position)).toEqual(product.images.map((_, i) => i));
      for (const image of product.images) expect({ url: image.url, exists: existsSync(path.join("public", image.url)) }).toEqual({ url: image.url, exists: true });
      expect(product.price.decimalPlaces()).toBeLessThanOrEqual(2);
    }
    for (const c of await db.prisma.category.findMany()) expect(existsSync(path.join("public", c.image!))).toBe(true);
  });

  it("creates the first admin with a generated password that never reaches the log", async () => {
    const admin = await db.prisma.adminUser.findUniqueOrThrow({ where: { email: "maker@example.com" } });
    expect(generatedPassword).toBeDefined();
    expect(generatedPassword!.length).toBeGreaterThanOrEqual(20);
    expect(await verifyPassword(admin.passwordHash, generatedPassword!)).toBe(true);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(logs.join("\n")).toContain("Created admin maker@example.com");
    expect(logs.join("\n")).not.toContain(generatedPassword!);
  });

  it("adds nothing when run again", async () => {
    const before = { products: await db.prisma.product.count(), admins: await db.prisma.adminUser.count() };
    const again = await seedDatabase(db.prisma);
    expect(again).toEqual({ seeded: false, extraProducts: 0 });
    expect({ products: await db.prisma.product.count(), admins: await db.prisma.adminUser.count() }).toEqual(before);
  });

  it("generates extra products with unique slugs and images for benchmarks", async () => {
    const before = await db.prisma.product.count();
    await seedDatabase(db.prisma, { extraProducts: 50 });
    expect(await db.prisma.product.count()).toBe(before + 50);
    const generated = await db.prisma.product.findMany({ where: { slug: { contains: "-no-" } }, include: { images: true } });
    expect(generated).toHaveLength(50);
    expect(new Set(generated.map((g) => g.slug)).size).toBe(50);
    expect(generated.every((g) => g.images.length === 2)).toBe(true);
    expect(seedProducts.some((s) => s.slug.includes("-no-"))).toBe(false);
  });
});
