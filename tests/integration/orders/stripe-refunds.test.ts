import Stripe from "stripe";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogWithMaker } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Refunds and disputes with Stripe: a real checkout through the app's Stripe
 * provider against the local fake Stripe API, then refunds through
 * POST /api/orders/{id}/refund (Stripe Refunds with an idempotency key), and the
 * charge.refunded / charge.dispute.created webhooks updating the order.
 */
type Handler = Parameters<typeof call>[0];

const WEBHOOK_SECRET = FAKE_WEBHOOK_SECRET;
let restoreEnv: () => void = () => {};

let fake: FakeStripe;
let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; webhook: Handler; refund: Handler; status: Handler; stats: Handler };
let auth: Record<string, string>;
const ids: Record<string, number> = {};
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake); // emails go to the EmailMessage outbox
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  auth = shop.auth;
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
    status: (await import("@/app/api/orders/[id]/status/route")).PATCH as Handler,
    stats: (await import("@/app/api/admin/stats/route")).GET as Handler,
  };
});

afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
});

const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };

/** Checkout → authorise on "Stripe" → POST /api/orders (captures): a paid Stripe order. */
async function stripeOrder(sessionId: string, items: Array<[string, number]>) {
  const prepared = await call(routes.createIntent, "/api/create-payment-intent", {
    body: {
      sessionId,
      items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })),
      email: `${sessionId}@example.com`,
      firstName: "Ada",
      lastName: "Turner",
      shippingAddress: address,
    },
  });
  expect(prepared.status).toBe(200);
  fake.authorize(prepared.json.paymentIntentId);
  const res = await call(routes.orders, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
  expect(res.status).toBe(201);
  const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: prepared.json.paymentIntentId }, include: { items: { orderBy: { id: "asc" } } } });
  return { order, intentId: prepared.json.paymentIntentId as string };
}

const refund = (id: number, body: unknown) => call(routes.refund, `/api/orders/${id}/refund`, { body, params: { id: String(id) }, headers: auth });

function sendEvent(type: string, object: unknown, id = `evt_fake_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(routes.webhook, "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": header } });
}

describe(`Stripe refunds and disputes against a fake Stripe API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("the order's timeline starts with created, paid and the confirmation email, which links to the order-status page", async () => {
    const { order } = await stripeOrder("sess_timeline", [["dowel-jig", 1]]);
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["created", "paid", "email_sent", "email_sent"]);
    expect(events[1]).toMatchObject({ actor: "system", detail: { provider: "stripe", amount: order.total.toFixed(2) } });
    const confirmation = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: order.email } });
    expect(confirmation.text).toContain(`/order-status?order=${order.orderNumber}`);
  });

  it("refunds one line with an idempotency key; a retry makes no second refund on Stripe", async () => {
    const { order, intentId } = await stripeOrder("sess_lines", [
      ["dowel-jig", 1],
      ["track-saw-square", 1],
    ]);
    const body = { lineIds: [order.items[1].id], reason: "Square arrived bent" };
    const first = await refund(order.id, body);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ refund: { amount: "59.99", provider: "stripe", providerRefundId: expect.stringMatching(/^re_fake_/) }, order: { refundedAmount: "59.99" } });
    const again = await refund(order.id, body);
    expect(again.json).toMatchObject({ replayed: true, refund: { id: first.json.refund.id } });
    const calls = fake.callsTo("POST", "/v1/refunds");
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ payment_intent: intentId, amount: "5999", reason: "requested_by_customer", metadata: { reason: "Square arrived bent" } });
    expect(calls[0].idempotencyKey).toMatch(new RegExp(`^refund-${order.id}-\\d{13}-[0-9a-f]{32}$`));
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([5999]);
  });

  it("a lost reply is safe: the retry reuses the idempotency key and Stripe replays the same refund", async () => {
    const { order, intentId } = await stripeOrder("sess_lost", [["dowel-jig", 1]]);
    fake.setNextError({ status: 500, type: "api_error", message: "Stripe is having trouble" }, { method: "POST", path: "/v1/refunds" });
    const failed = await refund(order.id, { reason: "Lost reply" });
    expect(failed.status).toBe(409);
    expect(failed.json.message).toMatch(/refused the refund/);
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ refundedAmount: expect.anything() });
    const ok = await refund(order.id, { reason: "Lost reply" });
    expect(ok.status).toBe(200);
    expect(ok.json.refund.amount).toBe("39.99");
    const keys = fake
      .callsTo("POST", "/v1/refunds")
      .filter((c) => c.body.payment_intent === intentId)
      .map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it("charge.refunded (e.g. a refund made in Stripe's dashboard) updates the order's refunded amount; a redelivery is ignored", async () => {
    const { order, intentId } = await stripeOrder("sess_webhook_refund", [["maple-nesting-bowls", 1]]);
    fake.refunds.set("re_dash", {
      id: "re_dash",
      object: "refund",
      amount: 2000,
      charge: `ch_fake_${intentId}`,
      created: 0,
      currency: "usd",
      metadata: {},
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
    });
    const eventId = "evt_refund_once";
    const res = await sendEvent("charge.refunded", fake.chargeOf(intentId), eventId);
    expect(res.status).toBe(200);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("20.00");
    const dup = await sendEvent("charge.refunded", fake.chargeOf(intentId), eventId);
    expect(dup.json).toMatchObject({ duplicate: true });
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "refunded" } })).toBe(1);
    // our own refund's webhook arrives after we recorded it: the amount is not counted twice
    const ours = await refund(order.id, { amount: 5, reason: "Goodwill" });
    expect(ours.json.order.refundedAmount).toBe("25.00");
    await sendEvent("charge.refunded", fake.chargeOf(intentId));
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("25.00");
  });

  it("charge.dispute.created flags the order as disputed", async () => {
    const { order, intentId } = await stripeOrder("sess_dispute", [["dowel-jig", 1]]);
    const dispute = { id: "dp_fake_1", object: "dispute", amount: 3999, charge: `ch_fake_${intentId}`, currency: "usd", payment_intent: intentId, reason: "fraudulent", status: "needs_response" };
    expect((await sendEvent("charge.dispute.created", dispute)).status).toBe(200);
    await sendEvent("charge.dispute.created", dispute);
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.disputed).toBe(true);
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "dispute_opened" } })).toBe(1);
    const { listDisputedOrders } = await import("@/lib/orders/admin-service");
    expect((await listDisputedOrders()).map((o) => o.orderNumber)).toEqual([order.orderNumber]); // the dashboard's warning
  });

  it("a plain status change to cancelled moves no money on Stripe", async () => {
    const { order } = await stripeOrder("sess_cancel_plain", [["dowel-jig", 1]]);
    const before = fake.callsTo("POST", "/v1/refunds").length;
    const res = await call(routes.status, `/api/orders/${order.id}/status`, { method: "PATCH", body: { status: "cancelled" }, params: { id: String(order.id) }, headers: auth });
    expect(res.status).toBe(200);
    expect(fake.callsTo("POST", "/v1/refunds")).toHaveLength(before);
    expect(res.json.refundedAmount).toBe("0.00");
  });

  it("two identical refunds at once while Stripe is slow: only the first calls Stripe; one refund row, one timeline event, no 5xx", async () => {
    const { order, intentId } = await stripeOrder("sess_double_submit", [["maple-nesting-bowls", 1]]);
    fake.setLatency(400, { method: "POST", path: "/v1/refunds" });
    try {
      const body = { amount: 10, reason: "Double click" };
      const [a, b] = await Promise.all([refund(order.id, body), refund(order.id, body)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.json.replayed, b.json.replayed].sort()).toEqual([false, true]);
      expect(a.json.refund.id).toBe(b.json.refund.id);
      expect([a, b].find((r) => r.json.replayed)!.json.message).toMatch(/^Already refunded: this same request refunded \$10\.00 at .* UTC\. No money moved this time\.$/);
    } finally {
      fake.setLatency(0);
    }
    expect(fake.callsTo("POST", "/v1/refunds").filter((c) => c.body.payment_intent === intentId || c.idempotencyKey?.startsWith(`refund-${order.id}-`))).toHaveLength(1);
    const rows = await db.prisma.refund.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => [r.status, r.amount.toFixed(2)])).toEqual([["succeeded", "10.00"]]);
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "refunded" } })).toBe(1);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("10.00");
  });

  it("a cancellation with refund that meets a full refund in flight waits for it and completes: cancelled, refunded once", async () => {
    const { order, intentId } = await stripeOrder("sess_cancel_during_refund", [["track-saw-square", 1]]);
    fake.setLatency(800, { method: "POST", path: "/v1/refunds" });
    try {
      const whole = refund(order.id, { reason: "Damaged in transit" });
      // The full refund is on record and its call to Stripe in flight when the cancellation comes in.
      while (!(await db.prisma.refund.count({ where: { orderId: order.id, status: "pending" } }))) await new Promise((r) => setTimeout(r, 20));
      const cancelled = await call(routes.status, `/api/orders/${order.id}/status`, {
        method: "PATCH",
        body: { status: "cancelled", refund: true, reason: "Cancelled: the shopper asked" },
        params: { id: String(order.id) },
        headers: auth,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json).toMatchObject({ status: "cancelled", refundedAmount: "75.98" });
      expect((await whole).status).toBe(200);
    } finally {
      fake.setLatency(0);
    }
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([7598]);
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(events.filter((e) => e.type === "refunded").map((e) => (e.detail as { amount: string }).amount)).toEqual(["75.98"]);
    expect(events.filter((e) => e.type === "status_changed").map((e) => e.detail)).toEqual([expect.objectContaining({ from: "confirmed", to: "cancelled" })]);
  });

  it("a reply lost after Stripe refunded: the shop asks Stripe, finds the refund and records it (answered 200, no second refund)", async () => {
    const { order, intentId } = await stripeOrder("sess_lost_after", [["dowel-jig", 1]]);
    fake.setNextError({ status: 500, type: "api_error", message: "Connection reset" }, { method: "POST", path: "/v1/refunds", afterRunning: true });
    const res = await refund(order.id, { amount: 4, reason: "Lost on the way back" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ replayed: false, refund: { amount: "4.00", status: "succeeded", providerRefundId: expect.stringMatching(/^re_fake_/) }, order: { refundedAmount: "4.00" } });
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(atStripe.map((r) => r.amount)).toEqual([400]);
    expect(res.json.refund.providerRefundId).toBe(atStripe[0].id);
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "refunded" } })).toBe(1);
  });

  it("refunds left pending by a request that died are settled with Stripe by the hourly upkeep: found → recorded, not found → dropped", async () => {
    const { order, intentId } = await stripeOrder("sess_stale", [["track-saw-square", 1]]);
    const { getPaymentProvider } = await import("@/lib/payments/provider");
    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    const { STALE_REFUND_MS } = await import("@/lib/orders/refund-service");
    const old = new Date(Date.now() - STALE_REFUND_MS - 60_000);
    // One reached Stripe before its process died; the other never left the shop.
    const reached = await getPaymentProvider().refund({ paymentIntentId: intentId, amount: 1500, reason: "Died after Stripe", idempotencyKey: "refund-stale-reached" });
    const base = { orderId: order.id, lineIds: [], provider: "stripe", status: "pending", createdAt: old, fingerprint: "f" };
    await db.prisma.refund.create({ data: { ...base, amount: "15.00", reason: "Died after Stripe", idempotencyKey: "refund-stale-reached" } });
    await db.prisma.refund.create({ data: { ...base, amount: "20.00", reason: "Died before Stripe", idempotencyKey: "refund-stale-lost" } });
    // A fresh pending refund (a request still under way) is left alone; so is one from before refunds carried
    // their key to Stripe (no fingerprint either), which cannot be looked up: a person checks it.
    await db.prisma.refund.create({ data: { ...base, amount: "1.00", reason: "Under way", idempotencyKey: "refund-under-way", createdAt: new Date() } });
    await db.prisma.refund.create({ data: { ...base, amount: "2.00", reason: "Older version", idempotencyKey: "refund-older-version", fingerprint: null } });

    expect((await runMaintenance()).refunds).toEqual({ settled: 1, dropped: 1, unresolved: 1 });
    const rows = await db.prisma.refund.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.idempotencyKey, r.status, r.providerRefundId])).toEqual([
      ["refund-stale-reached", "succeeded", reached.id],
      ["refund-under-way", "pending", null],
      ["refund-older-version", "pending", null],
    ]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("15.00");
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id, type: { in: ["refunded", "refund_reconciled"] } }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.type, (e.detail as { outcome?: string }).outcome ?? null])).toEqual([
      ["refund_reconciled", "succeeded"],
      ["refunded", null],
      ["refund_reconciled", "dropped"],
    ]);
    expect((await db.prisma.emailMessage.findMany({ where: { to: order.email } })).map((m) => m.subject)).toContain(`Refund of $15.00 for order ${order.orderNumber}`);
    expect((await runMaintenance()).refunds).toEqual({ settled: 0, dropped: 0, unresolved: 1 });
  });

  it("a refund made in Stripe's dashboard while one of ours was pending (its webhook counted ours) is recorded when ours is refused", async () => {
    const { order, intentId } = await stripeOrder("sess_dashboard_during", [["track-saw-square", 1]]);
    fake.setLatency(400, { method: "POST", path: "/v1/refunds" });
    fake.setNextError({ status: 400, type: "invalid_request_error", message: "Charge is disputed", code: "charge_disputed" }, { method: "POST", path: "/v1/refunds" });
    try {
      const ours = refund(order.id, { amount: 30, reason: "Ours, refused" });
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Meanwhile the maker refunds $20 in Stripe's dashboard; its charge.refunded arrives while ours is pending.
      fake.refunds.set("re_dash_during", {
        id: "re_dash_during",
        object: "refund",
        amount: 2000,
        charge: `ch_fake_${intentId}`,
        created: 0,
        currency: "usd",
        metadata: {},
        payment_intent: intentId,
        reason: null,
        status: "succeeded",
      });
      expect((await sendEvent("charge.refunded", fake.chargeOf(intentId))).status).toBe(200);
      const answer = await ours;
      expect(answer.status).toBe(409);
      expect(answer.json.message).toMatch(/refused the refund: Charge is disputed/);
    } finally {
      fake.setLatency(0);
    }
    const rows = await db.prisma.refund.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => [r.status, r.amount.toFixed(2), r.reason])).toEqual([["succeeded", "20.00", "Refunded at the payment provider"]]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("20.00");
  });

  it("revenue on the dashboard is net of refunds", async () => {
    const orders = await db.prisma.order.findMany({ where: { status: { not: "cancelled" } } });
    const net = orders.reduce((sum, o) => sum + Math.round(Number(o.total) * 100) - Math.round(Number(o.refundedAmount) * 100), 0);
    const res = await call(routes.stats, "/api/admin/stats", { headers: auth });
    expect(res.json.totalRevenue).toBe((net / 100).toFixed(2));
  });
});
