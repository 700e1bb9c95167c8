import { DELETE as deleteCustomerRoute, PUT as putCustomer } from "@/app/api/admin/customers/[id]/route";
import { GET as getCustomers } from "@/app/api/admin/customers/route";
import { GET as getStats } from "@/app/api/admin/stats/route";
import { DELETE as deleteUserRoute, PUT as putUser } from "@/app/api/admin/users/[id]/route";
import { GET as getUsers, POST as postUser } from "@/app/api/admin/users/route";
import { GET as verifyToken } from "@/app/api/admin/verify-token/route";
import { DELETE as deleteOrderRoute } from "@/app/api/orders/[id]/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { GET as getOrders } from "@/app/api/orders/route";
import { DEFAULT_SHOP_TIME_ZONE as SHOP_TIME_ZONE } from "@/lib/catalog/time-zone";
import { deleteAdminUser } from "@/lib/admin-users/service";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { issueApiToken } from "@/lib/auth/session-service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/** Admin operations on orders, customers, admin users and the dashboard, through the route handlers, on a real database. */
let db: TestDatabase;
let admin: { id: number; email: string; sessionVersion: number };
let auth: Record<string, string>;
const customers: Record<string, number> = {};
const orders: Record<string, number> = {};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const shopDate = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
const address = { line1: "12 Elm Street", line2: null, city: "Asheville", state: "NC", postalCode: "28801", country: "US" };

type SeedOrder = { number: string; customer: string | null; status: "pending" | "confirmed" | "processing" | "shipped" | "delivered" | "cancelled"; total: string; ago: number };
const SEED: SeedOrder[] = [
  { number: "ORD-1", customer: "alice", status: "confirmed", total: "100.10", ago: 1 * DAY },
  { number: "ORD-2", customer: "alice", status: "pending", total: "0.20", ago: 3 * DAY },
  { number: "ORD-3", customer: "bob", status: "shipped", total: "45.55", ago: 10 * DAY },
  { number: "ORD-4", customer: "bob", status: "cancelled", total: "999.99", ago: 2 * DAY },
  { number: "ORD-5", customer: "bob", status: "delivered", total: "20.00", ago: 45 * DAY },
  { number: "ORD-6", customer: "alice", status: "processing", total: "12.34", ago: 5 * HOUR },
  { number: "ORD-7", customer: null, status: "confirmed", total: "7.00", ago: 20 * DAY },
];

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const row = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: await hashPassword("correct-horse") } });
  admin = { id: row.id, email: row.email, sessionVersion: row.sessionVersion };
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };

  const now = Date.now();
  customers.alice = (
    await db.prisma.customer.create({ data: { email: "alice@example.com", firstName: "Alice", lastName: "Oak", newsletterSubscribed: true, newsletterSubscribedAt: new Date(now - 2 * DAY) } })
  ).id;
  customers.bob = (await db.prisma.customer.create({ data: { email: "bob@example.com", firstName: "Bob", lastName: "Ash", createdAt: new Date(now - 100 * DAY) } })).id;
  customers.carol = (await db.prisma.customer.create({ data: { email: "carol@example.com", firstName: "Carol" } })).id;

  const product = await db.prisma.product.findFirstOrThrow({ where: { slug: "dowel-jig" } });
  for (const o of SEED) {
    const person = o.customer ? await db.prisma.customer.findUniqueOrThrow({ where: { id: customers[o.customer] } }) : null;
    const created = await db.prisma.order.create({
      data: {
        orderNumber: o.number,
        customerId: person?.id ?? null,
        firstName: person?.firstName ?? "Guest",
        lastName: person?.lastName ?? "Buyer",
        email: person?.email ?? "guest@example.com",
        status: o.status,
        shippingAddress: address,
        billingAddress: address,
        subtotal: o.total,
        shipping: "0.00",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: o.total,
        createdAt: new Date(now - o.ago),
        items: { create: [{ productId: product.id, productName: product.name, price: o.total, quantity: 1, total: o.total }] },
      },
    });
    orders[o.number] = created.id;
  }
});
afterAll(() => db?.cleanup());

const kind = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database";

describe(`admin endpoints need a signed-in admin (${kind})`, () => {
  it.each([
    ["GET /api/orders", () => call(getOrders, "/api/orders")],
    ["PATCH /api/orders/1/status", () => call(patchStatus, "/api/orders/1/status", { method: "PATCH", body: { status: "shipped" }, params: { id: "1" } })],
    ["DELETE /api/orders/1", () => call(deleteOrderRoute, "/api/orders/1", { method: "DELETE", params: { id: "1" } })],
    ["GET /api/admin/stats", () => call(getStats, "/api/admin/stats")],
    ["GET /api/admin/customers", () => call(getCustomers, "/api/admin/customers")],
    ["PUT /api/admin/customers/1", () => call(putCustomer, "/api/admin/customers/1", { method: "PUT", body: { firstName: "X" }, params: { id: "1" } })],
    ["DELETE /api/admin/customers/1", () => call(deleteCustomerRoute, "/api/admin/customers/1", { method: "DELETE", params: { id: "1" } })],
    ["GET /api/admin/users", () => call(getUsers, "/api/admin/users")],
    ["POST /api/admin/users", () => call(postUser, "/api/admin/users", { body: { username: "x", email: "x@example.com", password: "secret1" } })],
    ["PUT /api/admin/users/1", () => call(putUser, "/api/admin/users/1", { method: "PUT", body: { username: "x", email: "x@example.com" }, params: { id: "1" } })],
    ["DELETE /api/admin/users/1", () => call(deleteUserRoute, "/api/admin/users/1", { method: "DELETE", params: { id: "1" } })],
  ])("%s without credentials is 401", async (_name, run) => {
    const before = { orders: await db.prisma.order.count(), customers: await db.prisma.customer.count(), admins: await db.prisma.adminUser.count() };
    const res = await run();
    expect(res.status).toBe(401);
    expect(res.json.message).toBe("Authentication required");
    expect({ orders: await db.prisma.order.count(), customers: await db.prisma.customer.count(), admins: await db.prisma.adminUser.count() }).toEqual(before);
  });

  it("refuses a forged bearer token", async () => {
    const res = await call(getOrders, "/api/orders", { headers: { authorization: "Bearer not-a-token" } });
    expect(res.status).toBe(401);
  });
});

describe(`dashboard stats (${kind})`, () => {
  it("sums revenue exactly, leaving out cancelled orders, and counts orders, products and customers", async () => {
    const res = await call(getStats, "/api/admin/stats", { headers: auth });
    expect(res.status).toBe(200);
    // 100.10 + 0.20 + 45.55 + 20.00 + 12.34 + 7.00 — the cancelled 999.99 is not revenue
    expect(res.json).toMatchObject({ totalRevenue: "185.19", totalOrders: 7, totalProducts: await db.prisma.product.count(), totalCustomers: 3 });
    expect(res.json.totalProducts).toBe(10);
  });

  it("keeps cents exact (100.10 + 0.20 is 100.30, not 100.30000000000001)", async () => {
    // Only ORD-1 and ORD-2 stay revenue for a moment.
    const others = ["ORD-3", "ORD-5", "ORD-6", "ORD-7"].map((n) => orders[n]);
    await db.prisma.order.updateMany({ where: { id: { in: others } }, data: { status: "cancelled" } });
    try {
      const res = await call(getStats, "/api/admin/stats", { headers: auth });
      expect(res.json.totalRevenue).toBe("100.30");
    } finally {
      for (const o of SEED.filter((s) => ["ORD-3", "ORD-5", "ORD-6", "ORD-7"].includes(s.number))) {
        await db.prisma.order.update({ where: { id: orders[o.number] }, data: { status: o.status } });
      }
    }
  });

  it("gives 30 zero-filled days, oldest first, ending today in the shop's time zone", async () => {
    const { json } = await call(getStats, "/api/admin/stats", { headers: auth });
    const days: Array<{ date: string; revenue: string; orders: number }> = json.revenueByDay;
    expect(days).toHaveLength(30);
    expect(days[29].date).toBe(shopDate(new Date()));
    const dates = days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    for (let i = 1; i < 30; i++) expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(DAY);
    for (const d of days) expect(d.revenue).toMatch(/^\d+\.\d{2}$/);

    // In the window: ORD-1, 2, 3, 6, 7 (ORD-4 is cancelled, ORD-5 is 45 days old).
    const cents = days.reduce((sum, d) => sum + Math.round(Number(d.revenue) * 100), 0);
    expect(cents).toBe(10010 + 20 + 4555 + 1234 + 700);
    expect(days.reduce((sum, d) => sum + d.orders, 0)).toBe(5);
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get(shopDate(new Date(Date.now() - 10 * DAY)))).toEqual({ date: shopDate(new Date(Date.now() - 10 * DAY)), revenue: "45.55", orders: 1 });
    expect(days.filter((d) => d.orders === 0).every((d) => d.revenue === "0.00")).toBe(true);
  });

  it("puts a late-evening order on the shop's day, not the UTC day", async () => {
    // 02:30 UTC five days ago is the previous evening in Asheville (UTC-4 or UTC-5).
    const at = new Date(Date.now() - 5 * DAY);
    at.setUTCHours(2, 30, 0, 0);
    const utcDay = at.toISOString().slice(0, 10);
    const shopDay = shopDate(at);
    expect(shopDay).not.toBe(utcDay);
    const row = await db.prisma.order.create({
      data: {
        orderNumber: "ORD-LATE",
        firstName: "Night",
        lastName: "Owl",
        email: "owl@example.com",
        status: "confirmed",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "3.33",
        shipping: "0.00",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: "3.33",
        createdAt: at,
      },
    });
    try {
      const { json } = await call(getStats, "/api/admin/stats", { headers: auth });
      const byDate = new Map(json.revenueByDay.map((d: { date: string }) => [d.date, d]));
      expect(byDate.get(shopDay)).toMatchObject({ revenue: "3.33", orders: 1 });
      expect(byDate.get(utcDay)).toMatchObject({ revenue: "0.00", orders: 0 });
    } finally {
      await db.prisma.order.delete({ where: { id: row.id } });
    }
  });
});

describe(`orders (${kind})`, () => {
  it("lists the 5 newest orders first for the dashboard", async () => {
    const res = await call(getOrders, "/api/orders?limit=5", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ORD-6", "ORD-1", "ORD-4", "ORD-2", "ORD-3"]);
    expect(res.json[0]).toMatchObject({ status: "processing", total: "12.34", firstName: "Alice", items: [{ productName: "Dowel Jig", quantity: 1, total: "12.34" }] });
  });

  it("filters by status, or shows every order with 'all' (and by default)", async () => {
    const cancelled = await call(getOrders, "/api/orders?status=cancelled", { headers: auth });
    expect(cancelled.json.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ORD-4"]);
    const confirmed = await call(getOrders, "/api/orders?status=confirmed", { headers: auth });
    expect(confirmed.json.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ORD-1", "ORD-7"]);
    const all = await call(getOrders, "/api/orders?status=all", { headers: auth });
    expect(all.json).toHaveLength(7);
    const plain = await call(getOrders, "/api/orders", { headers: auth });
    expect(plain.json).toHaveLength(7);
  });

  it("answers 400 for an unknown status filter or a bad limit", async () => {
    const bad = await call(getOrders, "/api/orders?status=lost", { headers: auth });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.status).toMatch(/^Status must be one of/);
    expect((await call(getOrders, "/api/orders?limit=0", { headers: auth })).status).toBe(400);
    expect((await call(getOrders, "/api/orders?limit=abc", { headers: auth })).status).toBe(400);
  });

  it("changes a status from any state to any other, back to pending included", async () => {
    const id = String(orders["ORD-2"]);
    for (const status of ["shipped", "cancelled", "delivered", "confirmed", "pending"]) {
      const res = await call(patchStatus, `/api/orders/${id}/status`, { method: "PATCH", body: { status }, params: { id }, headers: auth });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: Number(id), orderNumber: "ORD-2", status });
      expect((await db.prisma.order.findUniqueOrThrow({ where: { id: Number(id) } })).status).toBe(status);
    }
  });

  it("refuses an unknown status with a field message and leaves the order alone", async () => {
    const id = String(orders["ORD-3"]);
    for (const body of [{ status: "lost" }, {}, { status: "" }]) {
      const res = await call(patchStatus, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id }, headers: auth });
      expect(res.status).toBe(400);
      expect(res.json.fields.status).toBe("Status must be one of: pending, confirmed, processing, shipped, delivered, cancelled.");
    }
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: Number(id) } })).status).toBe("shipped");
  });

  it.each(["abc", "0", "-3", "1.5", "1e2", "99999999999", "999999"])("answers 404 for order id %s", async (id) => {
    const patch = await call(patchStatus, `/api/orders/${id}/status`, { method: "PATCH", body: { status: "shipped" }, params: { id }, headers: auth });
    expect(patch.status).toBe(404);
    const del = await call(deleteOrderRoute, `/api/orders/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(del.status).toBe(404);
  });

  it("deletes an order with its lines", async () => {
    const id = String(orders["ORD-7"]);
    const res = await call(deleteOrderRoute, `/api/orders/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(200);
    expect(await db.prisma.order.findUnique({ where: { id: Number(id) } })).toBeNull();
    expect(await db.prisma.orderItem.count({ where: { orderId: Number(id) } })).toBe(0);
    expect(await db.prisma.order.count()).toBe(6);
    const again = await call(deleteOrderRoute, `/api/orders/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(again.status).toBe(404);
  });
});

describe(`customers (${kind})`, () => {
  it("lists customers with their order counts and the page's stats", async () => {
    const res = await call(getCustomers, "/api/admin/customers", { headers: auth });
    expect(res.status).toBe(200);
    const byEmail = Object.fromEntries(res.json.customers.map((c: { email: string }) => [c.email, c]));
    expect(byEmail["alice@example.com"]).toMatchObject({ id: customers.alice, firstName: "Alice", lastName: "Oak", newsletterSubscribed: true, orderCount: 3 });
    expect(byEmail["alice@example.com"].newsletterSubscribedAt).toEqual(expect.any(String));
    expect(byEmail["bob@example.com"]).toMatchObject({ orderCount: 3, newsletterSubscribed: false, newsletterSubscribedAt: null });
    expect(byEmail["carol@example.com"]).toMatchObject({ orderCount: 0, phone: null });
    // Bob joined 100 days ago: not this month.
    expect(res.json.stats).toEqual({ total: 3, newsletterSubscribers: 1, joinedThisMonth: 2 });
  });

  it("updates name and newsletter flag but never the email", async () => {
    const id = String(customers.bob);
    const before = Date.now();
    const on = await call(putCustomer, `/api/admin/customers/${id}`, {
      method: "PUT",
      params: { id },
      headers: auth,
      body: { firstName: " Robert ", lastName: "Ashby", newsletterSubscribed: true, email: "hijack@example.com" },
    });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ email: "bob@example.com", firstName: "Robert", lastName: "Ashby", newsletterSubscribed: true });
    const row = await db.prisma.customer.findUniqueOrThrow({ where: { id: customers.bob } });
    expect(row).toMatchObject({ email: "bob@example.com", firstName: "Robert", lastName: "Ashby", newsletterSubscribed: true });
    expect(row.newsletterSubscribedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const off = await call(putCustomer, `/api/admin/customers/${id}`, { method: "PUT", params: { id }, headers: auth, body: { firstName: "Robert", lastName: "Ashby", newsletterSubscribed: false } });
    expect(off.status).toBe(200);
    const after = await db.prisma.customer.findUniqueOrThrow({ where: { id: customers.bob } });
    expect(after).toMatchObject({ newsletterSubscribed: false, newsletterSubscribedAt: null, email: "bob@example.com" });
  });

  it("keeps the original subscription date when an already-subscribed customer is saved again", async () => {
    const id = String(customers.alice);
    const original = (await db.prisma.customer.findUniqueOrThrow({ where: { id: customers.alice } })).newsletterSubscribedAt;
    const res = await call(putCustomer, `/api/admin/customers/${id}`, { method: "PUT", params: { id }, headers: auth, body: { firstName: "Alice", lastName: "Oak", newsletterSubscribed: true } });
    expect(res.status).toBe(200);
    expect((await db.prisma.customer.findUniqueOrThrow({ where: { id: customers.alice } })).newsletterSubscribedAt).toEqual(original);
  });

  it("refuses a bad body and an unknown customer", async () => {
    const id = String(customers.carol);
    const bad = await call(putCustomer, `/api/admin/customers/${id}`, { method: "PUT", params: { id }, headers: auth, body: { newsletterSubscribed: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.newsletterSubscribed).toBe("Newsletter subscription must be true or false");
    const missing = await call(putCustomer, "/api/admin/customers/999999", { method: "PUT", params: { id: "999999" }, headers: auth, body: { firstName: "X" } });
    expect(missing.status).toBe(404);
    const junk = await call(deleteCustomerRoute, "/api/admin/customers/x1", { method: "DELETE", params: { id: "x1" }, headers: auth });
    expect(junk.status).toBe(404);
  });

  it("refuses to delete a customer who has orders", async () => {
    const id = String(customers.alice);
    const res = await call(deleteCustomerRoute, `/api/admin/customers/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("This customer has orders and cannot be deleted.");
    expect(await db.prisma.customer.findUnique({ where: { id: customers.alice } })).not.toBeNull();
  });

  it("deletes a customer without orders", async () => {
    const id = String(customers.carol);
    const res = await call(deleteCustomerRoute, `/api/admin/customers/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(200);
    expect(await db.prisma.customer.findUnique({ where: { id: customers.carol } })).toBeNull();
  });
});

describe(`admin users (${kind})`, () => {
  let second: { id: number; email: string; sessionVersion: number };

  it("creates an admin with an argon2id hash and never returns the password", async () => {
    const res = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "helper", email: " Helper@Example.com ", password: "sawdust-42" } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), username: "helper", email: "helper@example.com", createdAt: expect.any(String) });
    expect(JSON.stringify(res.json)).not.toMatch(/sawdust|argon|password/i);
    const row = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, "sawdust-42")).toBe(true);
    second = { id: row.id, email: row.email, sessionVersion: row.sessionVersion };

    const list = await call(getUsers, "/api/admin/users", { headers: auth });
    expect(list.status).toBe(200);
    expect(list.json.map((u: { username: string }) => u.username)).toEqual(["maker", "helper"]);
    expect(JSON.stringify(list.json)).not.toMatch(/passwordHash|argon/);
  });

  it("refuses duplicates and short passwords", async () => {
    const before = await db.prisma.adminUser.count();
    const dupEmail = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "other", email: "HELPER@example.com", password: "sawdust-42" } });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.json.message).toBe("An admin with this email already exists.");
    const dupName = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "helper", email: "new@example.com", password: "sawdust-42" } });
    expect(dupName.status).toBe(409);
    expect(dupName.json.message).toBe("An admin with this username already exists.");
    const short = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "shorty", email: "shorty@example.com", password: "12345" } });
    expect(short.status).toBe(400);
    expect(short.json.fields.password).toBe("Password must be at least 6 characters");
    const noPassword = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "shorty", email: "shorty@example.com" } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.fields.password).toBe("Password must be at least 6 characters");
    const mismatch = await call(postUser, "/api/admin/users", { headers: auth, body: { username: "shorty", email: "shorty@example.com", password: "123456", confirmPassword: "654321" } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.fields.confirmPassword).toBe("Passwords do not match");
    expect(await db.prisma.adminUser.count()).toBe(before);
  });

  it("keeps the password when the update leaves it blank, and changes it when given", async () => {
    const id = String(second.id);
    const blank = await call(putUser, `/api/admin/users/${id}`, { method: "PUT", params: { id }, headers: auth, body: { username: "helper2", email: "helper@example.com", password: "" } });
    expect(blank.status).toBe(200);
    expect(blank.json).toMatchObject({ id: second.id, username: "helper2", email: "helper@example.com" });
    let row = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: second.id } });
    expect(await verifyPassword(row.passwordHash, "sawdust-42")).toBe(true);

    const absent = await call(putUser, `/api/admin/users/${id}`, { method: "PUT", params: { id }, headers: auth, body: { username: "helper2", email: "helper@example.com" } });
    expect(absent.status).toBe(200);
    row = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: second.id } });
    expect(await verifyPassword(row.passwordHash, "sawdust-42")).toBe(true);

    const short = await call(putUser, `/api/admin/users/${id}`, { method: "PUT", params: { id }, headers: auth, body: { username: "helper2", email: "helper@example.com", password: "abc" } });
    expect(short.status).toBe(400);
    expect(short.json.fields.password).toBe("Password must be at least 6 characters");

    const changed = await call(putUser, `/api/admin/users/${id}`, {
      method: "PUT",
      params: { id },
      headers: auth,
      body: { username: "helper2", email: "helper@example.com", password: "new-bench-7" },
    });
    expect(changed.status).toBe(200);
    row = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: second.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, "new-bench-7")).toBe(true);
    expect(await verifyPassword(row.passwordHash, "sawdust-42")).toBe(false);

    const taken = await call(putUser, `/api/admin/users/${id}`, { method: "PUT", params: { id }, headers: auth, body: { username: "helper2", email: "maker@example.com" } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("An admin with this email already exists.");
    const missing = await call(putUser, "/api/admin/users/999999", { method: "PUT", params: { id: "999999" }, headers: auth, body: { username: "ghost", email: "ghost@example.com" } });
    expect(missing.status).toBe(404);
  });

  it("refuses to delete the acting admin's own account", async () => {
    const id = String(admin.id);
    const res = await call(deleteUserRoute, `/api/admin/users/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You cannot delete your own account.");
    expect(await db.prisma.adminUser.findUnique({ where: { id: admin.id } })).not.toBeNull();
  });

  it("deletes another admin, whose bearer token then stops working", async () => {
    const theirToken = await issueApiToken(await db.prisma.adminUser.findUniqueOrThrow({ where: { id: second.id } })); // their password changed above
    expect((await call(verifyToken, "/api/admin/verify-token", { headers: { authorization: `Bearer ${theirToken}` } })).status).toBe(200);
    const id = String(second.id);
    const res = await call(deleteUserRoute, `/api/admin/users/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(200);
    expect(await db.prisma.adminUser.findUnique({ where: { id: second.id } })).toBeNull();
    const after = await call(verifyToken, "/api/admin/verify-token", { headers: { authorization: `Bearer ${theirToken}` } });
    expect(after.status).toBe(401);
    const again = await call(deleteUserRoute, `/api/admin/users/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(again.status).toBe(404);
  });

  it("refuses to delete the last admin", async () => {
    expect(await db.prisma.adminUser.count()).toBe(1);
    const id = String(admin.id);
    const res = await call(deleteUserRoute, `/api/admin/users/${id}`, { method: "DELETE", params: { id }, headers: auth });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You cannot delete the last admin.");
    // The same rule when someone else (e.g. a stale session) asks the service directly.
    await expect(deleteAdminUser(admin.id, admin.id + 1000)).rejects.toMatchObject({ code: "conflict", message: "You cannot delete the last admin." });
    expect(await db.prisma.adminUser.count()).toBe(1);
  });
});
