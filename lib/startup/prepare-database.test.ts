import { prepareDatabase } from "@/lib/startup/prepare-database";
import { seedCategories, seedProducts } from "@/prisma/seed/catalog";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  process.env.ADMIN_PASSWORD = "startup-step-password";
});
afterAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  await db?.cleanup();
});

describe("prepareDatabase (the locked start-up step)", () => {
  it("run by three starters at once: one seeds, nobody fails, nothing is doubled", async () => {
    const results = await Promise.all([0, 1, 2].map(() => prepareDatabase(db.url)));
    expect(results.filter((r) => r.seed.seeded)).toHaveLength(1);
    expect(await db.prisma.category.count()).toBe(seedCategories.length);
    expect(await db.prisma.product.count()).toBe(seedProducts.length);
    expect(await db.prisma.adminUser.count()).toBe(1);
  });

  it("is idempotent: a later start finds nothing to do", async () => {
    const again = await prepareDatabase(db.url);
    expect(again.seed.seeded).toBe(false);
    expect(again.migrations.applied).toEqual([]);
    expect(await db.prisma.product.count()).toBe(seedProducts.length);
  });
});
