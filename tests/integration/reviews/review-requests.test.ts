/**
 * The review-request email: REVIEW_REQUEST_DAYS (7) after an order
 * became delivered, to every buyer whatever the order's history, once per
 * order, also when the process restarts in between (nothing is kept in memory:
 * the clock is a parameter and the modules are loaded afresh), recorded in the
 * order's timeline; the order-status page offers "Review your purchase".
 */
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

type Handler = Parameters<typeof call>[0];
type RequestService = typeof import("@/lib/reviews/request-service");
let db: TestDatabase;
let service: RequestService;
const DAY = 86_400_000;
const T0 = new Date("2026-10-01T12:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const address = { line1: "1 Main", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };

async function deliveredOrder(orderNumber: string, deliveredAt: Date | null, extra: { status?: "delivered" | "shipped"; refundedAmount?: string; disputed?: boolean; email?: string } = {}) {
  const products = await db.prisma.product.findMany({ where: { slug: { in: ["dowel-jig", "maple-nesting-bowls"] } }, orderBy: { id: "asc" } });
  const order = await db.prisma.order.create({
    data: {
      orderNumber,
      firstName: "Robin",
      lastName: "Hale",
      email: extra.email ?? `${orderNumber.toLowerCase()}@example.com`,
      status: extra.status ?? "delivered",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "113.50",
      shipping: "0.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "113.50",
      refundedAmount: extra.refundedAmount ?? "0",
      disputed: extra.disputed ?? false,
      items: { create: products.map((p) => ({ productId: p.id, productName: p.name, price: p.price, quantity: 1, total: p.price })) },
    },
  });
  if (deliveredAt) await db.prisma.orderEvent.create({ data: { orderId: order.id, type: "status_changed", detail: { from: "shipped", to: "delivered" }, actor: "admin", createdAt: deliveredAt } });
  return order;
}

const requestsTo = (email: string) => db.prisma.emailMessage.findMany({ where: { to: email, subject: { contains: "Review your purchase" } } });

/** A new process: every module loaded again, nothing carried over but the database. */
async function restart(): Promise<RequestService> {
  jest.resetModules();
  const { setProcessState } = await import("@/lib/process-state.mjs");
  setProcessState("prisma", db.prisma);
  return import("@/lib/reviews/request-service");
}

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  service = await import("@/lib/reviews/request-service");
});
afterAll(() => db?.cleanup());

describe("review requests", () => {
  it("go out 7 days after delivery, to every buyer whatever happened to the order, once, on the timeline", async () => {
    const happy = await deliveredOrder("ORD-HAPPY", at(0));
    const unhappy = await deliveredOrder("ORD-UNHAPPY", at(0), { refundedAmount: "24.00", disputed: true });
    await deliveredOrder("ORD-SHIPPED", null, { status: "shipped" });
    await deliveredOrder("ORD-ANCIENT", at(-60));

    expect(await service.sendDueReviewRequests(at(6.9))).toEqual({ sent: 0 });
    expect(await requestsTo(happy.email)).toHaveLength(0);

    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    expect((await runMaintenance(at(7.01))).reviewRequests).toEqual({ sent: 2 });
    for (const order of [happy, unhappy]) {
      const emails = await requestsTo(order.email);
      expect(emails).toHaveLength(1);
      expect(emails[0].subject).toBe(`How is your order ${order.orderNumber}? Review your purchase`);
      expect(emails[0].text).toMatch(new RegExp(`Review Dowel Jig: http://localhost:\\d+/review/${order.orderNumber}\\?token=\\S+`));
      expect(emails[0].text).toContain("Review Maple Nesting Bowls: ");
      const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id, type: "email_sent" } });
      expect(events).toEqual([expect.objectContaining({ detail: { template: "review_request", to: order.email }, actor: "system", onceKey: "email:review_request" })]);
    }
    expect(await requestsTo("ord-shipped@example.com")).toHaveLength(0);
    expect(await requestsTo("ord-ancient@example.com")).toHaveLength(0);

    // Again, later, and from two runs at once: nothing more.
    const again = await Promise.all([service.sendDueReviewRequests(at(8)), service.sendDueReviewRequests(at(8))]);
    expect(again).toEqual([{ sent: 0 }, { sent: 0 }]);
    expect(await requestsTo(happy.email)).toHaveLength(1);
  });

  it("a restart in between only delays a request: due ones go at the next run, sent ones never again", async () => {
    const late = await deliveredOrder("ORD-LATE", at(1));
    expect(await service.sendDueReviewRequests(at(7.5))).toEqual({ sent: 0 }); // not due yet (delivered a day later)
    const fresh = await restart();
    // The process was down over day 8; it comes back on day 10.
    expect(await fresh.sendDueReviewRequests(at(10))).toEqual({ sent: 1 });
    expect(await requestsTo(late.email)).toHaveLength(1);
    const again = await restart();
    expect(await again.sendDueReviewRequests(at(11))).toEqual({ sent: 0 });
    expect(await requestsTo(late.email)).toHaveLength(1);
    expect(await requestsTo("ord-happy@example.com")).toHaveLength(1);
  });

  it("honours the days given (REVIEW_REQUEST_DAYS)", async () => {
    const order = await deliveredOrder("ORD-THREE", at(20));
    const fresh = await restart();
    expect(await fresh.sendDueReviewRequests(at(22), 3)).toEqual({ sent: 0 });
    expect(await fresh.sendDueReviewRequests(at(23.01), 3)).toEqual({ sent: 1 });
    expect(await requestsTo(order.email)).toHaveLength(1);
  });

  it("the buyer reviews through the emailed link; the order-status page offers the links until each line is reviewed", async () => {
    const [email] = await requestsTo("ord-happy@example.com");
    const url = new URL(email.text.match(/Review Dowel Jig: (\S+)/)![1]);
    const token = url.searchParams.get("token")!;
    const fresh = await restart();
    void fresh;
    const lookup = (await import("@/app/api/order-status/route")).POST as Handler;
    const before = await call(lookup, "/api/order-status", { body: { orderNumber: "ORD-HAPPY", email: "ord-happy@example.com" }, headers: fromClient("203.0.113.90") });
    expect(before.status).toBe(200);
    // The order's lines in order (Maple Nesting Bowls was added first).
    expect(before.json.reviews).toEqual([
      { name: "Maple Nesting Bowls", reviewed: false, path: expect.stringMatching(/^\/review\/ORD-HAPPY\?token=/) },
      { name: "Dowel Jig", reviewed: false, path: expect.stringMatching(/^\/review\/ORD-HAPPY\?token=/) },
    ]);

    const postReview = (await import("@/app/api/reviews/route")).POST as Handler;
    const res = await call(postReview, "/api/reviews", {
      body: { orderNumber: "ORD-HAPPY", token, rating: 5, title: "Square every time", body: "Holes line up perfectly on every board I tried." },
      headers: fromClient("203.0.113.91"),
    });
    expect(res.status).toBe(201);

    const after = await call(lookup, "/api/order-status", { body: { orderNumber: "ORD-HAPPY", email: "ord-happy@example.com" }, headers: fromClient("203.0.113.90") });
    expect(after.json.reviews[1]).toEqual({ name: "Dowel Jig", reviewed: true, path: null });
    expect(after.json.reviews[0].reviewed).toBe(false);

    const shipped = await call(lookup, "/api/order-status", { body: { orderNumber: "ORD-SHIPPED", email: "ord-shipped@example.com" }, headers: fromClient("203.0.113.90") });
    expect(shipped.status).toBe(200);
    expect(shipped.json.reviews).toEqual([]);
  });
});
