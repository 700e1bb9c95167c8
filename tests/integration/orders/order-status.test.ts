/**
 * The public "Track your order" lookup: order number + checkout email → status,
 * milestones and the tracking link; any wrong pair gets the same 404 message
 * (no enumeration), and every lookup counts against a per-client limit.
 * Route modules are imported after the environment is set (lib/env reads it once).
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { setProcessState } from "@/lib/process-state.mjs";

process.env.RATE_LIMIT_SCALE = "1";
process.env.RATE_LIMIT_ORDER_LOOKUP = "6/1h";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let lookup: Handler;
const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };

beforeAll(async () => {
  db = await createTestDatabase();
  lookup = (await import("@/app/api/order-status/route")).POST as Handler;
  const { appendOrderEvent } = await import("@/lib/orders/timeline");
  const order = await db.prisma.order.create({
    data: {
      orderNumber: "ORD-1700000000000-7",
      firstName: "Ada",
      lastName: "Turner",
      email: "Ada.Turner@example.com",
      status: "shipped",
      carrier: "USPS",
      trackingNumber: "9400100000000000000000",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "24.00",
      shipping: "15.99",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "39.99",
      items: { create: [{ productName: "Dowel Jig", price: "24.00", quantity: 1, total: "24.00" }] },
    },
  });
  await appendOrderEvent(db.prisma, order.id, "paid", { amount: "39.99" }, { actor: "system" });
  await appendOrderEvent(db.prisma, order.id, "status_changed", { from: "confirmed", to: "shipped", carrier: "USPS" }, { actor: "system" });
  await appendOrderEvent(db.prisma, order.id, "email_sent", { template: "shipped" }, { actor: "system" });
});
afterAll(() => db?.cleanup());

const ask = (body: unknown, ip = "203.0.113.50") => call(lookup, "/api/order-status", { body, headers: fromClient(ip) });

describe("order status lookup", () => {
  it("shows status, milestones and the tracking link for the right pair (email in any case)", async () => {
    const res = await ask({ orderNumber: "ord-1700000000000-7", email: " ada.turner@EXAMPLE.com " });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      orderNumber: "ORD-1700000000000-7",
      status: "shipped",
      carrier: "USPS",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
      items: [{ name: "Dowel Jig", quantity: 1 }],
    });
    expect(res.json.milestones.map((m: { key: string }) => m.key)).toEqual(["placed", "paid", "shipped"]);
    // The order's money as its statement: what it cost and how it was paid, adding up.
    expect(res.json.money.map((r: { label: string; text: string }) => `${r.label}: ${r.text}`)).toEqual([
      "Subtotal: $24.00",
      "Shipping: $15.99",
      "Tax: $0.00",
      "Total: $39.99",
      "Paid by card: $39.99",
    ]);
    expect(res.json.ships).toBeNull(); // shipped: no longer "Ships in …"
    expect(JSON.stringify(res.json)).not.toMatch(/Elm Street|example\.com|pi_|cents/); // nothing beyond what the page shows
  });

  it("answers every wrong pair with exactly the same message", async () => {
    const wrongEmail = await ask({ orderNumber: "ORD-1700000000000-7", email: "someone@example.com" });
    const unknown = await ask({ orderNumber: "ORD-1700000000000-8", email: "ada.turner@example.com" });
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.json).toEqual(unknown.json);
    expect(wrongEmail.json.message).toBe("We couldn't find that order");
    expect((await ask({ orderNumber: "", email: "x" })).status).toBe(400);
  });

  it("does the same database work for a wrong email on a real order as for an order number that does not exist", async () => {
    // Timing is what an attacker measures, but a timed test would flake: the work behind it is what
    // differs, so the statements each lookup sends are compared (a Prisma client logging its queries
    // stands in for the shop's for the two lookups). scripts/measure-order-lookup.ts measures the time.
    const statements: string[] = [];
    const observed = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 1 }), log: [{ emit: "event", level: "query" }] });
    observed.$on("query", (e) => statements.push(e.query));
    const sent = async (body: unknown, ip: string) => {
      statements.length = 0;
      setProcessState("prisma", observed);
      try {
        expect((await ask(body, ip)).status).toBe(404);
      } finally {
        setProcessState("prisma", db.prisma);
      }
      return statements.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/.test(q) && !/"RateLimit"|rate_limit/i.test(q));
    };
    try {
      const wrongEmail = await sent({ orderNumber: "ORD-1700000000000-7", email: "someone@example.com" }, "203.0.113.61");
      const unknown = await sent({ orderNumber: "ORD-1700000000000-9", email: "ada.turner@example.com" }, "203.0.113.62");
      expect(wrongEmail.join("\n")).not.toMatch(/"OrderItem"|"OrderEvent"/);
      expect(wrongEmail).toEqual(unknown);
      expect(unknown).toHaveLength(1);
    } finally {
      await observed.$disconnect();
    }
  });

  it("limits lookups per client: 429 with Retry-After once used up, even for the right pair; other clients unaffected", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 6; i++) expect((await ask({ orderNumber: `ORD-${i}`, email: "guess@example.com" }, ip)).status).toBe(404);
    const refused = await ask({ orderNumber: "ORD-1700000000000-7", email: "ada.turner@example.com" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask({ orderNumber: "ORD-1700000000000-7", email: "ada.turner@example.com" }, "198.51.100.78")).status).toBe(200);
  });
});
