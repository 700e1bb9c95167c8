/**
 * Public writes are rate limited per client (429 + Retry-After + a message),
 * with each limit configurable and RATE_LIMIT_SCALE multiplying them; the
 * limits live in the database so every instance shares them.
 * Route modules are imported after the environment is set (lib/env reads it once).
 */
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

process.env.RATE_LIMIT_SCALE = "1";
process.env.RATE_LIMIT_CART = "3/1m";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let postContact: Handler;
let subscribe: Handler;
let forgot: Handler;
let cartPost: Handler;
beforeAll(async () => {
  db = await createTestDatabase();
  postContact = (await import("@/app/api/contact/route")).POST as Handler;
  subscribe = (await import("@/app/api/newsletter/subscribe/route")).POST as Handler;
  forgot = (await import("@/app/api/admin/forgot-password/route")).POST as Handler;
  cartPost = (await import("@/app/api/cart/route")).POST as Handler;
});
afterAll(() => db?.cleanup());

const message = { name: "Dana Reyes", email: "dana@example.com", subject: "Commission a bowl", message: "Could you turn a cherry bowl about 12 inches wide?" };

describe("public write limits", () => {
  it("contact: 5 messages an hour per client, then 429 with Retry-After; other clients unaffected", async () => {
    for (let i = 0; i < 5; i++) expect((await call(postContact, "/api/contact", { body: message, headers: fromClient("203.0.113.1") })).status).toBe(201);
    const refused = await call(postContact, "/api/contact", { body: message, headers: fromClient("203.0.113.1") });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many requests\. Please try again in (\d+ minutes|a minute)\.$/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await db.prisma.contactMessage.count()).toBe(5);
    expect((await call(postContact, "/api/contact", { body: message, headers: fromClient("198.51.100.20") })).status).toBe(201);
  });

  it("a forged X-Forwarded-For does not buy a new allowance (no TRUST_PROXY)", async () => {
    const forged = await call(postContact, "/api/contact", { body: message, headers: { ...fromClient("203.0.113.1"), "x-forwarded-for": "192.0.2.99" } });
    expect(forged.status).toBe(429);
  });

  it("an IPv6 client is limited by its /64: rotating addresses inside it does not help", async () => {
    for (let i = 1; i <= 5; i++) expect((await call(subscribe, "/api/newsletter/subscribe", { body: { email: `fan${i}@example.com` }, headers: fromClient(`2001:db8:1:2::${i}`) })).status).toBe(200);
    const refused = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "fan6@example.com" }, headers: fromClient("2001:db8:1:2:ffff::6") });
    expect(refused.status).toBe(429);
    expect(await db.prisma.emailMessage.count({ where: { to: "fan6@example.com" } })).toBe(0);
  });

  it("forgot-password: 5 an hour per client, then no more emails", async () => {
    for (let i = 0; i < 5; i++) expect((await call(forgot, "/api/admin/forgot-password", { body: { email: "nobody@example.com" }, headers: fromClient("203.0.113.5") })).status).toBe(200);
    expect((await call(forgot, "/api/admin/forgot-password", { body: { email: "nobody@example.com" }, headers: fromClient("203.0.113.5") })).status).toBe(429);
  });

  it("a limit is configurable: RATE_LIMIT_CART=3/1m allows 3 cart writes a minute", async () => {
    const write = () => call(cartPost, "/api/cart", { body: { sessionId: "s".repeat(20), productId: 999999, quantity: 1 }, headers: fromClient("203.0.113.6") });
    for (let i = 0; i < 3; i++) expect((await write()).status).not.toBe(429);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("the counters are rows every instance reads (the RateLimit table), and expire", async () => {
    const rows = await db.prisma.rateLimit.findMany({ where: { key: { startsWith: "contact:" } } });
    expect(rows.map((r) => r.key).sort()).toEqual(["contact:198.51.100.20", "contact:203.0.113.1"]);
    await db.prisma.rateLimit.updateMany({ data: { expire: new Date(Date.now() - 1000) } });
    expect((await call(postContact, "/api/contact", { body: message, headers: fromClient("203.0.113.1") })).status).toBe(201);
  });
});
