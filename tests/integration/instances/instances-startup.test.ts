/**
 * Several instances started at the same moment on one empty PostgreSQL
 * database: migrations, the demo seed and the first admin run once, under an
 * advisory lock (lib/startup/prepare-database.ts); every instance serves. Needs
 * TEST_DATABASE_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { listMigrations } from "@/lib/db/migrator";
import { seedCategories, seedProducts } from "@/prisma/seed/catalog";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";

const server = requirePostgres("three instances starting together on an empty database");
const maybe = server ? describe : describe.skip;

maybe("three instances starting together on an empty PostgreSQL database", () => {
  let db: { url: string; drop: () => Promise<void> };
  let instances: Instance[] = [];

  beforeAll(async () => {
    await ensureProductionBuild();
    db = await createPostgresDatabase(server!, `mm_inst_startup_${randomBytes(4).toString("hex")}`);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await db?.drop();
  }, 60_000);

  it("all three serve, and the database was migrated and seeded exactly once", async () => {
    const env = { DATABASE_URL: db.url, PAYMENT_PROVIDER: "test", AUTH_SECRET: "startup-test-secret-0123456789abcdef", ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "startup-admin-password" };
    instances = [0, 1, 2].map((i) => startInstance(testPort(i), env));
    await Promise.all(instances.map((i) => waitForOk(i, "/api/health", 150_000)));

    for (const instance of instances) {
      const ready = await fetch(`${instance.url}/api/ready`);
      expect(ready.status).toBe(200);
      const home = await fetch(`${instance.url}/`);
      expect(home.status).toBe(200);
      const list = await fetch(`${instance.url}/api/products?limit=100`);
      expect(list.status).toBe(200);
      const body = (await list.json()) as { total?: number; products: unknown[] };
      expect(body.products.length).toBeGreaterThan(0);
    }

    // Structured logs: one JSON line per request with its id, level and route; no personal data.
    const secretEmail = "private.person@example.com";
    const login = await fetch(`${instances[0].url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "test-request-0001" },
      body: JSON.stringify({ email: secretEmail, password: "not-the-password" }),
    });
    expect(login.status).toBe(401);
    expect(login.headers.get("x-request-id")).toBe("test-request-0001");
    expect((await fetch(`${instances[1].url}/api/products?search=${encodeURIComponent(secretEmail)}`)).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 300));
    const lines = instances
      .map((i) => i.output())
      .join("\n")
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.reqId === "test-request-0001")).toMatchObject({ level: "info", msg: "request", method: "POST", route: "/api/admin/login", status: 401 });
    expect(lines.find((l) => l.route === "/api/products" && l.method === "GET")).toMatchObject({ level: "info", msg: "request", status: 200 });
    expect(instances.map((i) => i.output()).join("\n")).not.toContain(secretEmail);
    expect(instances.map((i) => i.output()).join("\n")).not.toContain("startup-admin-password");

    const outputs = instances.map((i) => i.output());
    expect(outputs.filter((o) => o.includes("Seeded the demo catalogue.")).length).toBe(1);
    expect(outputs.join("\n")).not.toMatch(/duplicate key|unique constraint/i);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0].n);
      expect(await count(`SELECT count(*) AS n FROM "Category"`)).toBe(seedCategories.length);
      expect(await count(`SELECT count(*) AS n FROM "Product"`)).toBe(seedProducts.length);
      expect(await count(`SELECT count(*) AS n FROM "AdminUser"`)).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM "_prisma_migrations"`)).toBe((await listMigrations()).length);
    } finally {
      await client.end();
    }
  }, 240_000);
});
