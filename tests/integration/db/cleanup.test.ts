/** Expired rows are pruned (start-up, hourly, Vercel Cron); fresh ones and anything an order needs stay. */
import { GET as cron } from "@/app/api/cron/cleanup/route";
import { pruneExpiredRows } from "@/lib/maintenance/prune-service";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.cleanup());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function seedRows() {
  const category = await db.prisma.category.create({ data: { name: "Bowls", slug: `bowls-${Date.now()}` } });
  const product = await db.prisma.product.create({ data: { name: "Bowl", slug: `bowl-${Date.now()}`, description: "A bowl", price: "10.00", categoryId: category.id } });
  await db.prisma.rateLimit.createMany({
    data: [
      { key: "contact:old", points: 3, expire: ago(1) },
      { key: "contact:live", points: 1, expire: new Date(Date.now() + 60_000) },
    ],
  });
  await db.prisma
    .$executeRaw`INSERT INTO "CartItem" ("sessionId","productId","quantity","createdAt","updatedAt") VALUES ('old-session', ${product.id}, 1, ${ago(40)}, ${ago(40)}), ('new-session', ${product.id}, 1, now(), now())`;
  const checkout = (updatedAt: Date, orderId: number | null = null) => ({
    sessionId: "s",
    provider: "test",
    items: [],
    contact: {},
    shippingAddress: {},
    subtotal: "1.00",
    shipping: "0.00",
    total: "1.00",
    updatedAt,
    orderId,
  });
  const order = await db.prisma.order.create({
    data: {
      orderNumber: `ORD-${Date.now()}`,
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      shippingAddress: {},
      billingAddress: {},
      subtotal: "1.00",
      shipping: "0.00",
      shippingService: "x",
      tax: "0.00",
      total: "1.00",
      stripePaymentIntentId: "pi_test_kept",
    },
  });
  await db.prisma.checkout.create({ data: checkout(ago(10)) });
  await db.prisma.checkout.create({ data: checkout(ago(1)) });
  await db.prisma.checkout.create({ data: checkout(ago(30), order.id) });
  const intent = (id: string, status: string, updatedAt: Date) => ({ id, clientSecret: `${id}_secret`, amount: 100, currency: "usd", status, captureMethod: "manual", metadata: {}, updatedAt });
  await db.prisma.testPaymentIntent.createMany({
    data: [intent("pi_test_stale", "requires_payment_method", ago(10)), intent("pi_test_kept", "succeeded", ago(10)), intent("pi_test_fresh", "requires_payment_method", ago(1))],
  });
  const admin = await db.prisma.adminUser.create({ data: { username: "pruned", email: `pruned-${Date.now()}@example.com`, passwordHash: "x" } });
  const session = (id: string, expiresAt: Date, endedAt: Date | null = null) => ({ id, adminUserId: admin.id, kind: "browser" as const, createdAt: ago(60), lastSeenAt: ago(60), expiresAt, endedAt });
  await db.prisma.adminSession.createMany({
    data: [session("expired-long-ago", ago(31)), session("ended-long-ago", new Date(Date.now() + DAY), ago(31)), session("ended-lately", ago(1), ago(2)), session("live", new Date(Date.now() + DAY))],
  });
}

describe("pruning", () => {
  it("deletes expired limits, month-old carts, week-old abandoned checkouts, uncaptured test intents and admin sessions a month over; keeps the rest", async () => {
    await seedRows();
    const result = await pruneExpiredRows();
    expect(result).toMatchObject({ rateLimits: 1, carts: 1, checkouts: 1, testIntents: 1, adminSessions: 2 });
    expect((await db.prisma.adminSession.findMany({ orderBy: { id: "asc" } })).map((r) => r.id)).toEqual(["ended-lately", "live"]);
    expect((await db.prisma.rateLimit.findMany()).map((r) => r.key)).toEqual(["contact:live"]);
    expect((await db.prisma.cartItem.findMany()).map((c) => c.sessionId)).toEqual(["new-session"]);
    expect(await db.prisma.checkout.count()).toBe(2);
    expect((await db.prisma.testPaymentIntent.findMany({ orderBy: { id: "asc" } })).map((i) => i.id)).toEqual(["pi_test_fresh", "pi_test_kept"]);
    expect(await pruneExpiredRows()).toMatchObject({ rateLimits: 0, carts: 0, checkouts: 0, testIntents: 0, adminSessions: 0 }); // idempotent
  });
});

describe("GET /api/cron/cleanup", () => {
  const previous = process.env.CRON_SECRET;
  afterAll(() => {
    process.env.CRON_SECRET = previous;
  });

  it("needs CRON_SECRET as a bearer token", async () => {
    const { env } = await import("@/lib/env");
    (env as { CRON_SECRET?: string }).CRON_SECRET = undefined;
    expect((await call(cron, "/api/cron/cleanup")).status).toBe(404);
    (env as { CRON_SECRET?: string }).CRON_SECRET = "a-cron-secret-of-some-length";
    expect((await call(cron, "/api/cron/cleanup")).status).toBe(401);
    expect((await call(cron, "/api/cron/cleanup", { headers: { authorization: "Bearer wrong-secret-of-some-length" } })).status).toBe(401);
    await db.prisma.rateLimit.create({ data: { key: "cart:gone", points: 1, expire: ago(1) } });
    const ok = await call(cron, "/api/cron/cleanup", { headers: { authorization: "Bearer a-cron-secret-of-some-length" } });
    expect(ok.status).toBe(200);
    expect(ok.json.pruned.rateLimits).toBe(1);
  });
});
