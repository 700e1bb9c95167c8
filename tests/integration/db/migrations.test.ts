import { readFileSync } from "node:fs";
import pg from "pg";
import { listMigrations, migrate } from "@/lib/db/migrator";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The migrations are hand-written SQL (the Prisma schema engine cannot be
 * downloaded here), so this test proves the migrated database is exactly
 * what prisma/schema.prisma — and so the generated client — expects:
 * every table, column, type, nullability, default-less required field,
 * enum, unique constraint, index and foreign key.
 */
type Field = { name: string; type: string; optional: boolean; list: boolean; attrs: string };
type Model = { name: string; fields: Field[]; block: string };

const SCALARS: Record<string, string> = {
  String: "text",
  Int: "integer",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Decimal: "numeric",
  Json: "jsonb",
  tsvector: "tsvector",
};

function parseSchema() {
  const src = readFileSync("prisma/schema.prisma", "utf8").replace(/\/\/.*$/gm, "");
  const enums = new Map<string, string[]>();
  for (const m of src.matchAll(/enum (\w+) \{([^}]*)\}/g)) enums.set(m[1], m[2].split(/\s+/).filter(Boolean));
  const models: Model[] = [];
  for (const m of src.matchAll(/model (\w+) \{([^}]*)\}/g)) {
    const fields: Field[] = [];
    for (const line of m[2].split("\n")) {
      const f = /^\s*(\w+)\s+(\w+(?:\("\w+"\))?)(\?|\[\])?\s*(.*)$/.exec(line);
      if (!f || line.trim().startsWith("@@")) continue;
      // Unsupported("tsvector") columns: their database type is the quoted name
      const type = /^Unsupported\("(\w+)"\)$/.exec(f[2])?.[1] ?? f[2];
      fields.push({ name: f[1], type, optional: f[3] === "?", list: f[3] === "[]", attrs: f[4] });
    }
    models.push({ name: m[1], fields, block: m[2] });
  }
  return { enums, models };
}

let db: TestDatabase;
let client: pg.Client;
const schema = parseSchema();

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.cleanup();
});

describe(`migrations on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("are recorded in Prisma's _prisma_migrations table with sha256 checksums, and re-running applies nothing", async () => {
    const files = await listMigrations();
    const { rows } = await client.query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(files[i].checksum);
      expect(row.finished_at).toBeInstanceOf(Date);
    }
    expect(await migrate(db.url)).toEqual({ applied: [], alreadyApplied: files.map((f) => f.name) });
  });

  it("creates every enum with the schema's values", async () => {
    for (const [name, values] of schema.enums) {
      const { rows } = await client.query(`SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1 ORDER BY e.enumsortorder`, [name]);
      expect(rows.map((r) => r.enumlabel)).toEqual(values);
    }
  });

  it("creates exactly the schema's tables and columns, with matching types and nullability", async () => {
    const { rows: tables } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`);
    expect(tables.map((t) => t.table_name).sort()).toEqual(schema.models.map((m) => m.name).sort());
    for (const model of schema.models) {
      const { rows } = await client.query(
        `SELECT column_name, data_type, udt_name, is_nullable, column_default, numeric_precision, numeric_scale
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [model.name],
      );
      const columns = new Map(rows.map((r) => [r.column_name, r]));
      const scalarFields = model.fields.filter((f) => !f.list && (SCALARS[f.type] || schema.enums.has(f.type)));
      expect([...columns.keys()].sort()).toEqual(scalarFields.map((f) => f.name).sort());
      for (const field of scalarFields) {
        const col = columns.get(field.name);
        const where = `${model.name}.${field.name}`;
        expect({ where, nullable: col.is_nullable === "YES" }).toEqual({ where, nullable: field.optional });
        if (schema.enums.has(field.type)) expect({ where, udt: col.udt_name }).toEqual({ where, udt: field.type });
        else expect({ where, type: col.data_type }).toEqual({ where, type: SCALARS[field.type] });
        const decimal = /@db\.Decimal\((\d+),\s*(\d+)\)/.exec(field.attrs);
        if (decimal) expect({ where, p: col.numeric_precision, s: col.numeric_scale }).toEqual({ where, p: Number(decimal[1]), s: Number(decimal[2]) });
        if (/@default\(autoincrement\(\)\)/.test(field.attrs)) expect(col.column_default).toMatch(/^nextval\(/);
        if (/@default\(now\(\)\)/.test(field.attrs)) expect(col.column_default).toBe("CURRENT_TIMESTAMP");
        const literal = /@default\((true|false|\d+|\w+)\)/.exec(field.attrs);
        if (literal && !/autoincrement|now/.test(literal[1])) expect({ where, d: String(col.column_default).replace(/::.*$/, "").replace(/'/g, "") }).toEqual({ where, d: literal[1] });
        if (!/@default/.test(field.attrs) && !field.optional) expect({ where, d: col.column_default }).toEqual({ where, d: null });
      }
    }
  });

  it("creates the unique constraints and indexes the schema declares", async () => {
    const { rows } = await client.query(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`);
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef as string]));
    for (const model of schema.models) {
      for (const field of model.fields.filter((f) => /@unique/.test(f.attrs))) {
        expect(byName.get(`${model.name}_${field.name}_key`)).toMatch(/CREATE UNIQUE INDEX/);
      }
      for (const m of model.block.matchAll(/@@(unique|index)\(\[([^\]]*)\]([^)]*)\)/g)) {
        const cols = m[2].split(",").map((c) => c.trim().replace(/\(.*$/, ""));
        const mapped = /map:\s*"([^"]+)"/.exec(m[3])?.[1];
        const name = mapped ?? `${model.name}_${cols.join("_")}_${m[1] === "unique" ? "key" : "idx"}`;
        const def = byName.get(name);
        expect({ name, exists: Boolean(def) }).toEqual({ name, exists: true });
        const indexed = /USING \w+ \((.*)\)$/
          .exec((def ?? "").replace(/ WITH \([^)]*\)$/, ""))?.[1]
          .split(",")
          .map((c) => c.trim().replace(/"/g, "").split(" ")[0]);
        expect({ name, indexed }).toEqual({ name, indexed: cols });
        if (m[1] === "unique") expect(def).toMatch(/UNIQUE/);
        // GIN without a pending list: nothing vacuums the embedded database (prisma/migrations/20261125000000_gin_without_pending_list).
        if (/type:\s*Gin/.test(m[3])) expect({ name, def }).toEqual({ name, def: expect.stringMatching(/USING gin .* WITH \(fastupdate='?off'?\)$/i) });
      }
    }
  });

  it("creates each relation's foreign key with the schema's onDelete rule", async () => {
    const { rows } = await client.query(`
      SELECT con.conname, con.confdeltype FROM pg_constraint con
      JOIN pg_namespace n ON n.oid = con.connamespace WHERE con.contype = 'f' AND n.nspname = 'public'`);
    const fks = new Map(rows.map((r) => [r.conname, r.confdeltype]));
    const RULE: Record<string, string> = { Cascade: "c", Restrict: "r", SetNull: "n", NoAction: "a" };
    let count = 0;
    for (const model of schema.models) {
      for (const field of model.fields) {
        const rel = /@relation\((?:"\w+",\s*)?fields:\s*\[(\w+)\][^)]*?(?:onDelete:\s*(\w+))?\)/.exec(field.attrs);
        if (!rel) continue;
        count++;
        const name = `${model.name}_${rel[1]}_fkey`;
        expect({ name, rule: fks.get(name) }).toEqual({ name, rule: RULE[rel[2] ?? (field.optional ? "SetNull" : "Restrict")] });
      }
    }
    expect(fks.size).toBe(count);
  });

  it("lets the generated client write and read every model", async () => {
    const p = db.prisma;
    const category = await p.category.create({ data: { name: "C", slug: "c" } });
    const product = await p.product.create({
      data: { name: "P", slug: "p", description: "d", price: "1234.56", categoryId: category.id, images: { create: [{ url: "/x.webp", position: 0 }] } },
      include: { images: true },
    });
    expect(product.price.toFixed(2)).toBe("1234.56");
    expect(product.images[0]).toMatchObject({ width: 1200, height: 900 });
    await p.cartItem.create({ data: { sessionId: "s1", productId: product.id, quantity: 2 } });
    const customer = await p.customer.create({ data: { email: "a@b.co" } });
    const order = await p.order.create({
      data: {
        orderNumber: "ORD-1",
        customerId: customer.id,
        firstName: "A",
        lastName: "B",
        email: "a@b.co",
        status: "confirmed",
        shippingAddress: { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" },
        billingAddress: { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" },
        subtotal: "10.00",
        shipping: "15.99",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: "25.99",
        items: { create: [{ productId: product.id, productName: "P", price: "10.00", quantity: 1, total: "10.00" }] },
      },
      include: { items: true },
    });
    expect(order.total.toFixed(2)).toBe("25.99");
    expect(order.shippingAddress).toMatchObject({ city: "X" });
    const admin = await p.adminUser.create({ data: { username: "a", email: "a@x.co", passwordHash: "h" } });
    await p.passwordResetToken.create({ data: { adminUserId: admin.id, tokenHash: "t", expiresAt: new Date() } });
    await p.contactMessage.create({ data: { name: "N", email: "n@x.co", subject: "Hello", message: "Hello there!" } });
    await p.emailMessage.create({ data: { to: "n@x.co", subject: "s", text: "t", html: "<p>t</p>", provider: "outbox" } });
    await expect(p.category.create({ data: { name: "Dup", slug: "c" } })).rejects.toThrow();
    await expect(p.category.delete({ where: { id: category.id } })).rejects.toThrow(); // Restrict: it has a product
    await p.product.delete({ where: { id: product.id } }); // cascades images and cart items, nulls order items
    expect(await p.productImage.count()).toBe(0);
    expect(await p.cartItem.count()).toBe(0);
    expect((await p.orderItem.findFirstOrThrow()).productId).toBeNull();
  });
});
