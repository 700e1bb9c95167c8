import Stripe from "stripe";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 53, the money screens' slips, on the server: a refund's internal note is stored and shown
 * to the maker, never emailed; deleting an order that moved money archives it (kept with its
 * refunds, out of the lists, still found by a later charge.refunded), while an order that moved
 * none is deleted for good; an archived order's status cannot be changed (no email goes out).
 * Against the fake Stripe API, through the route handlers and the service the admin action calls.
 */
type Handler = Parameters<typeof call>[0];

let restoreEnv: () => void = () => {};
let fake: FakeStripe;
let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; list: Handler; webhook: Handler; refund: Handler; status: Handler; remove: Handler; timeline: Handler };
let auth: Record<string, string>;
let maker: { id: number; username: string };
const ids: Record<string, number> = {};
const signer = new Stripe("sk_test_fake");
const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake);
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  for (const p of await db.prisma.product.findMany({ select: { id: true, slug: true } })) ids[p.slug] = p.id;
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  maker = { id: admin.id, username: admin.username };
  auth = { authorization: `Bearer ${await (await import("@/lib/auth/session-service")).issueApiToken(admin)}` };
  const orders = await import("@/app/api/orders/route");
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: orders.POST as Handler,
    list: orders.GET as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
    status: (await import("@/app/api/orders/[id]/status/route")).PATCH as Handler,
    remove: (await import("@/app/api/orders/[id]/route")).DELETE as Handler,
    timeline: (await import("@/app/api/orders/[id]/timeline/route")).GET as Handler,
  };
});

afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
});

/** Checkout → authorise on "Stripe" → POST /api/orders (captures): a paid Stripe order. */
async function stripeOrder(sessionId: string, slug: string) {
  const prepared = await call(routes.createIntent, "/api/create-payment-intent", {
    body: { sessionId, items: [{ productId: ids[slug], quantity: 1 }], email: `${sessionId}@example.com`, firstName: "Ada", lastName: "Turner", shippingAddress: address },
  });
  expect(prepared.status).toBe(200);
  fake.authorize(prepared.json.paymentIntentId);
  expect((await call(routes.orders, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } })).status).toBe(201);
  const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } });
  return { order, intentId: prepared.json.paymentIntentId as string };
}

function sendEvent(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_fake_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return call(routes.webhook, "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) } });
}

const del = (id: number) => call(routes.remove, `/api/orders/${id}`, { method: "DELETE", params: { id: String(id) }, headers: auth });
const listed = async (status?: string) =>
  ((await call(routes.list, `/api/orders${status ? `?status=${status}` : ""}`, { headers: auth })).json as Array<{ orderNumber: string }>).map((o) => o.orderNumber);
const audit = (id: number) => db.prisma.auditLog.findMany({ where: { entityType: "order", entityId: String(id) }, orderBy: { id: "asc" } });

describe(`refund notes and archived orders (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"})`, () => {
  it("a refund keeps its internal note for the maker (row, timeline, audit log); the shopper's email carries the reason only", async () => {
    const { order } = await stripeOrder("sess_note", "dowel-jig");
    const res = await call(routes.refund, `/api/orders/${order.id}/refund`, {
      body: { amount: 5, reason: "Sorry the box was dented", internalNote: "Courier claim #4471 — do not mention to the shopper" },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(res.status).toBe(200);
    expect(res.json.refund).toMatchObject({ amount: "5.00", reason: "Sorry the box was dented", internalNote: "Courier claim #4471 — do not mention to the shopper" });
    const row = await db.prisma.refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row.internalNote).toBe("Courier claim #4471 — do not mention to the shopper");
    const timeline = await call(routes.timeline, `/api/orders/${order.id}/timeline`, { params: { id: String(order.id) }, headers: auth });
    expect(timeline.json.find((e: { type: string }) => e.type === "refunded").detail).toMatchObject({
      reason: "Sorry the box was dented",
      internalNote: "Courier claim #4471 — do not mention to the shopper",
    });
    expect((await audit(order.id)).at(-1)!.after).toMatchObject({ internalNote: "Courier claim #4471 — do not mention to the shopper" });
    const [email] = await db.prisma.emailMessage.findMany({ where: { to: order.email, subject: { startsWith: "Refund of" } } });
    expect(email.text).toContain("Sorry the box was dented");
    expect(`${email.subject} ${email.text} ${email.html}`).not.toMatch(/Courier claim|4471/);
  });

  it("refuses an internal note that is too long, changing nothing", async () => {
    const { order } = await stripeOrder("sess_long_note", "dowel-jig");
    const res = await call(routes.refund, `/api/orders/${order.id}/refund`, {
      body: { amount: 1, reason: "Goodwill", internalNote: "x".repeat(1001) },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(res.status).toBe(400);
    expect(res.json.fields.internalNote).toBe("Internal note must be at most 1000 characters");
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("DELETE /api/orders/{id} of a paid order answers as before but archives it: refunds kept, out of the lists, and a later charge.refunded is recorded against it", async () => {
    const { order, intentId } = await stripeOrder("sess_archive_api", "maple-nesting-bowls");
    expect((await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { amount: 10, reason: "Goodwill" }, params: { id: String(order.id) }, headers: auth })).status).toBe(200);

    const res = await del(order.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: order.id, deleted: true });
    const kept = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: true, items: true } });
    expect(kept.archivedAt).not.toBeNull();
    expect(kept.refunds.map((r) => r.amount.toFixed(2))).toEqual(["10.00"]);
    expect(kept.items).toHaveLength(1);
    expect(await listed()).not.toContain(order.orderNumber);
    expect(await listed("confirmed")).not.toContain(order.orderNumber);
    expect(await listed("archived")).toEqual([order.orderNumber]);
    expect((await audit(order.id)).map((a) => a.action)).toEqual(["refund", "archive"]);
    expect((await audit(order.id)).at(-1)).toMatchObject({ adminUserId: maker.id, before: { orderNumber: order.orderNumber, total: order.total.toFixed(2) } });
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "archived" } })).toBe(1);

    // Asked again: gone, as a deleted order is; a status change (which would email the shopper) is refused.
    expect((await del(order.id)).status).toBe(404);
    const emailsBefore = await db.prisma.emailMessage.count({ where: { to: order.email } });
    const patch = await call(routes.status, `/api/orders/${order.id}/status`, { method: "PATCH", body: { status: "delivered" }, params: { id: String(order.id) }, headers: auth });
    expect(patch.status).toBe(409);
    expect(patch.json.message).toBe("This order is archived: it can no longer be changed.");
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "confirmed" });
    expect(await db.prisma.emailMessage.count({ where: { to: order.email } })).toBe(emailsBefore);

    // The provider refunds more later (its dashboard): the webhook finds the archived order and records it.
    fake.refunds.set("re_after_archive", {
      id: "re_after_archive",
      object: "refund",
      amount: 2500,
      charge: `ch_fake_${intentId}`,
      created: 0,
      currency: "usd",
      metadata: {},
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
    });
    expect((await sendEvent("charge.refunded", fake.chargeOf(intentId))).status).toBe(200);
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: { orderBy: { id: "asc" } } } });
    expect(after.refunds.map((r) => r.amount.toFixed(2))).toEqual(["10.00", "25.00"]);
    expect(after.refundedAmount.toFixed(2)).toBe("35.00");
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "refunded", actor: "webhook" } })).toBe(1);
  });

  it("the admin's delete (the orders list's action: the service as the signed-in admin) archives a paid order too", async () => {
    const { runAsAdmin } = await import("@/lib/audit/context");
    const { deleteOrder } = await import("@/lib/orders/admin-service");
    const { order } = await stripeOrder("sess_archive_action", "dowel-jig");
    expect(await runAsAdmin(maker, () => deleteOrder(order.id))).toEqual({ id: order.id, deleted: true });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).archivedAt).not.toBeNull();
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id } })).toBeGreaterThan(0);
    expect((await audit(order.id)).map((a) => a.action)).toEqual(["archive"]);
  });

  it("an order that moved no money is still deleted for good, with an audit row", async () => {
    const product = await db.prisma.product.findUniqueOrThrow({ where: { slug: "dowel-jig" } });
    const order = await db.prisma.order.create({
      data: {
        orderNumber: "ORD-NO-MONEY",
        firstName: "Guest",
        lastName: "Buyer",
        email: "guest@example.com",
        status: "pending",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "7.00",
        shipping: "0.00",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: "7.00",
        items: { create: [{ productId: product.id, productName: product.name, price: "7.00", quantity: 1, total: "7.00" }] },
      },
    });
    const res = await del(order.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: order.id, deleted: true });
    expect(await db.prisma.order.findUnique({ where: { id: order.id } })).toBeNull();
    expect((await audit(order.id)).map((a) => a.action)).toEqual(["delete"]);
    expect((await del(order.id)).status).toBe(404);
  });

  it("status changes of live orders answer as before (the confirmation is the screen's), emailing the shopper once", async () => {
    const { order } = await stripeOrder("sess_status", "dowel-jig");
    const res = await call(routes.status, `/api/orders/${order.id}/status`, { method: "PATCH", body: { status: "delivered" }, params: { id: String(order.id) }, headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: order.id, status: "delivered", archivedAt: null });
    expect(await db.prisma.emailMessage.count({ where: { to: order.email, subject: { startsWith: "Delivered" } } })).toBe(1);
  });
});
