import Stripe from "stripe";
import { runAsAdmin } from "@/lib/audit/context";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 53: every card payment ends in a known state. Real checkouts through the app's Stripe provider
 * against the local fake Stripe API: a capture Stripe refuses (the authorisation released, the order not
 * shippable, on the dashboard), a capture whose reply is lost (settled by the webhook, or by the hourly
 * upkeep), and the timeline naming what the card paid, never the gift cards' part.
 */
type Handler = Parameters<typeof call>[0];
let restoreEnv: () => void = () => {};
let fake: FakeStripe;
let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; webhook: Handler; status: Handler };
let auth: Record<string, string>;
let maker: { id: number; username: string; email: string; sessionVersion: number };
const ids: Record<string, number> = {};
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake);
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const jigs = await db.prisma.category.findFirstOrThrow({ where: { slug: "jigs" } });
  await db.prisma.product.create({ data: { name: "Workshop Gift Card", slug: "gift-card-25", description: "A gift card.", price: "25.00", categoryId: jigs.id, giftCard: true } });
  for (const p of await db.prisma.product.findMany({ select: { id: true, slug: true } })) ids[p.slug] = p.id;
  maker = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await (await import("@/lib/auth/session-service")).issueApiToken(maker)}` };
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
    status: (await import("@/app/api/orders/[id]/status/route")).PATCH as Handler,
  };
});
afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
});

const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };
let session = 0;

/** A cart of a Dowel Jig ($24 + $15.99 shipping) and a $25 gift card for a friend, authorised on "Stripe". */
async function authorised(extra: Record<string, unknown> = {}) {
  const sessionId = `sess-states-${++session}`;
  const prepared = await call(routes.createIntent, "/api/create-payment-intent", {
    body: {
      sessionId,
      items: [
        { productId: ids["dowel-jig"], quantity: 1 },
        { productId: ids["gift-card-25"], quantity: 1 },
      ],
      email: `${sessionId}@example.com`,
      firstName: "Ada",
      lastName: "Turner",
      giftRecipientEmail: "friend@example.com",
      shippingAddress: address,
      ...extra,
    },
  });
  expect(prepared.status).toBe(200);
  const intentId = prepared.json.paymentIntentId as string;
  fake.authorize(intentId);
  return { intentId, prepared: prepared.json };
}

const finalize = (paymentIntentId: string) => call(routes.orders, "/api/orders", { body: { paymentIntentId } });
const setStatus = (id: number, body: unknown) => call(routes.status, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });
const orderOf = (intentId: string) => db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: intentId }, include: { giftCardsBought: true, events: { orderBy: { id: "asc" } } } });
const giftCardEmails = () => db.prisma.emailMessage.count({ where: { to: "friend@example.com" } });

function webhook(type: string, intentId: string) {
  const payload = JSON.stringify({
    id: `evt_${type}_${intentId}`,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: fake.intents.get(intentId) },
  });
  return call(routes.webhook, "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) } });
}

/** Stripe's answer to the capture is lost (it ran, or with `ran: false` it never did), and so is the next look-up of the intent. */
function loseCaptureAndLookUp(intentId: string, { ran = true } = {}) {
  const calls = fake.calls as unknown as { push: (...c: unknown[]) => number };
  const push = Array.prototype.push;
  fake.setNextError({ status: 500, type: "api_error", message: "Connection reset" }, { method: "POST", path: `/v1/payment_intents/${intentId}/capture`, afterRunning: ran });
  calls.push = function (this: unknown[], ...c: unknown[]) {
    const seen = c[0] as { method: string; path: string };
    // Recorded as it arrives, before it runs: the look-up after the capture is the one that fails.
    if (seen.method === "POST" && seen.path === `/v1/payment_intents/${intentId}/capture`) {
      fake.setNextError({ status: 500, type: "api_error", message: "Connection reset" }, { method: "GET", path: `/v1/payment_intents/${intentId}` });
      calls.push = push as never;
    }
    return push.apply(this, c);
  };
}

describe(`Card payments end in a known state, on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("a capture Stripe refuses: the authorisation is released, the order cannot be shipped, the maker sees it, a cancellation goes through", async () => {
    const { getAdminStats } = await import("@/lib/admin/stats-queries");
    const revenueBefore = (await getAdminStats()).totalRevenue;
    const { intentId } = await authorised();
    fake.setNextError(
      { status: 402, type: "card_error", code: "card_declined", message: "Your card's authorization has expired." },
      { method: "POST", path: `/v1/payment_intents/${intentId}/capture` },
    );
    expect((await finalize(intentId)).status).toBe(201);
    // No money was received: the dashboard's revenue does not count it.
    expect((await getAdminStats()).totalRevenue).toBe(revenueBefore);

    const order = await orderOf(intentId);
    expect(order).toMatchObject({ status: "pending", capture: "failed" });
    expect(fake.intents.get(intentId)!.status).toBe("canceled");
    expect(fake.callsTo("POST", `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(order.giftCardsBought.map((c) => c.active)).toEqual([false]);
    expect(await giftCardEmails()).toBe(0);
    const failed = order.events.find((e) => e.type === "payment_failed");
    expect(failed?.detail).toMatchObject({ amount: "64.99", released: true });
    expect(order.events.some((e) => e.type === "paid")).toBe(false);

    const { describeOrderEvent } = await import("@/components/admin/order-timeline");
    expect(describeOrderEvent({ type: "payment_failed", detail: failed!.detail as Record<string, unknown> })).toMatch(
      /^Card payment of \$64\.99 could not be captured .*the authorisation was released\. The order cannot be shipped/,
    );

    for (const status of ["shipped", "processing", "delivered", "confirmed"]) {
      const moved = await setStatus(order.id, { status, ...(status === "shipped" ? { carrier: "USPS", trackingNumber: "9400100000000000000000" } : {}) });
      expect(moved.status).toBe(409);
      expect(moved.json.message).toMatch(/could not be taken .* cannot be confirmed, processed or shipped/);
    }
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");

    const { listUnpaidOrders } = await import("@/lib/orders/admin-service");
    expect(await listUnpaidOrders()).toEqual([expect.objectContaining({ orderNumber: order.orderNumber, capture: "failed" })]);

    // Nothing was taken, so nothing is refunded: the cancellation goes through.
    const cancelled = await setStatus(order.id, { status: "cancelled", refund: true, reason: "Payment failed" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(fake.callsTo("POST", "/v1/refunds")).toHaveLength(0);
    expect(await listUnpaidOrders()).toEqual([]);
  });

  it("a refused capture on an order a gift card paid part of: cancelling with a refund gives the gift card back its part, Stripe refunds nothing", async () => {
    const { issueGiftCard } = await import("@/lib/gift-cards/service");
    const card = await runAsAdmin(maker, () => issueGiftCard({ amount: 1500, recipientEmail: "someone@example.com" }));
    const { intentId } = await authorised({ items: [{ productId: ids["dowel-jig"], quantity: 1 }], giftCards: [card.code] });
    fake.setNextError({ status: 402, type: "card_error", code: "card_declined", message: "Your card was declined." }, { method: "POST", path: `/v1/payment_intents/${intentId}/capture` });
    expect((await finalize(intentId)).status).toBe(201);
    const order = await orderOf(intentId);
    expect(order).toMatchObject({ status: "pending", capture: "failed" });
    expect((await db.prisma.giftCard.findUniqueOrThrow({ where: { code: card.code } })).balance.toFixed(2)).toBe("0.00");
    const refundsBefore = fake.callsTo("POST", "/v1/refunds").length;
    const cancelled = await setStatus(order.id, { status: "cancelled", refund: true, reason: "Payment failed" });
    expect(cancelled).toMatchObject({ status: 200, json: { status: "cancelled", refundedAmount: "15.00" } });
    expect(fake.callsTo("POST", "/v1/refunds")).toHaveLength(refundsBefore);
    expect((await db.prisma.giftCard.findUniqueOrThrow({ where: { code: card.code } })).balance.toFixed(2)).toBe("15.00");
  });

  it('the shopper is told plainly when the capture failed or is being checked: never "confirmed" nor "charged", and hears the outcome by email', async () => {
    const placeAs = async (intentId: string, clientSecret: string) => call(routes.orders, "/api/orders", { body: { paymentIntentId: intentId, clientSecret } });
    const mailTo = (to: string) => db.prisma.emailMessage.findMany({ where: { to }, orderBy: { id: "asc" } });

    // Refused: the confirmation page's receipt (POST /api/orders to the browser that paid) and the email say "not taken".
    const elsewhere = { giftRecipientEmail: "told-plainly@example.com" }; // the other tests count the cards sent to friend@
    const refused = await authorised(elsewhere);
    fake.setNextError({ status: 402, type: "card_error", code: "card_declined", message: "Your card was declined." }, { method: "POST", path: `/v1/payment_intents/${refused.intentId}/capture` });
    const placed = await placeAs(refused.intentId, refused.prepared.clientSecret);
    expect(placed.status).toBe(201);
    expect(placed.json.order).toMatchObject({ capture: "failed", paymentNotice: { state: "not_taken", title: "Your payment was not taken", status: "Payment not taken" } });
    expect(placed.json.order.paymentNotice.text).toContain("your card has not been charged");
    expect(placed.json.order.paymentNotice.text).toContain("$64.99");
    expect(placed.json.order.statement).toEqual(expect.arrayContaining([expect.objectContaining({ key: "card-0", label: "Paid by card (not taken: nothing charged)", text: "$64.99" })]));
    const [refusedMail] = await mailTo(`sess-states-${session}@example.com`);
    expect(refusedMail.subject).toBe(`Your Maple & Micron order ${placed.json.orderNumber}: your payment was not taken`);
    expect(refusedMail.text).toContain("your card has not been charged and the order will not ship");
    expect(refusedMail.text).not.toMatch(/confirmed|Paid by card:/i);

    // Lost reply: "we're checking"; the webhook then takes it and the shopper gets the confirmation.
    const lost = await authorised(elsewhere);
    const shopper = `sess-states-${session}@example.com`;
    loseCaptureAndLookUp(lost.intentId);
    const waiting = await placeAs(lost.intentId, lost.prepared.clientSecret);
    expect(waiting.json.order).toMatchObject({ capture: "unknown", paymentNotice: { state: "checking", title: "We're checking your payment", status: "Payment being checked" } });
    expect(waiting.json.order.statement).toEqual(expect.arrayContaining([expect.objectContaining({ key: "card-0", label: "Paid by card (being checked with your bank)" })]));
    const [checking] = await mailTo(shopper);
    expect(checking.subject).toBe(`Your Maple & Micron order ${waiting.json.orderNumber}: we're checking your payment`);
    expect(checking.text).toContain("We are checking it now and will email you as soon as we know");
    expect(checking.text).not.toMatch(/confirmed|charged \$/i);
    expect((await webhook("payment_intent.succeeded", lost.intentId)).status).toBe(200);
    const mails = await mailTo(shopper);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(`Your Maple & Micron order ${waiting.json.orderNumber} is confirmed`);
    expect(mails[1].text).toContain("Paid by card: $64.99");
    const order = await orderOf(lost.intentId);
    expect(order.events.filter((e) => e.type === "email_sent").map((e) => (e.detail as { template: string }).template)).toContain("payment_confirmed");
  });

  it("a capture whose reply is lost leaves the order pending; Stripe's payment_intent.succeeded webhook completes it", async () => {
    const { intentId } = await authorised();
    loseCaptureAndLookUp(intentId);
    expect((await finalize(intentId)).status).toBe(201);
    expect(fake.intents.get(intentId)!.status).toBe("succeeded");
    const waiting = await orderOf(intentId);
    expect(waiting).toMatchObject({ status: "pending", capture: "unknown" });
    expect(waiting.giftCardsBought.map((c) => c.active)).toEqual([false]);
    expect(await giftCardEmails()).toBe(0);
    // Nobody ships it meanwhile.
    expect((await setStatus(waiting.id, { status: "processing" })).status).toBe(409);

    expect((await webhook("payment_intent.succeeded", intentId)).status).toBe(200);
    const paid = await orderOf(intentId);
    expect(paid).toMatchObject({ status: "confirmed", capture: "captured" });
    expect(paid.giftCardsBought.map((c) => c.active)).toEqual([true]);
    expect(await giftCardEmails()).toBe(1);
    expect(paid.events.filter((e) => e.type === "paid").map((e) => e.detail)).toEqual([expect.objectContaining({ amount: "64.99", reconciled: true })]);
    expect(fake.callsTo("POST", `/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
    expect((await setStatus(paid.id, { status: "processing" })).status).toBe(200);
  });

  it("a capture whose reply is lost is settled by the hourly upkeep: taken by Stripe, or captured again while the authorisation stands", async () => {
    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    const taken = await authorised();
    loseCaptureAndLookUp(taken.intentId);
    expect((await finalize(taken.intentId)).status).toBe(201);
    const notTaken = await authorised();
    loseCaptureAndLookUp(notTaken.intentId, { ran: false });
    expect((await finalize(notTaken.intentId)).status).toBe(201);
    expect(fake.intents.get(notTaken.intentId)!.status).toBe("requires_capture");
    expect((await orderOf(notTaken.intentId)).capture).toBe("unknown");

    // Within minutes of the order its own request may still be capturing: left alone.
    expect((await runMaintenance()).captures).toEqual({ captured: 0, failed: 0, unknown: 0 });
    const later = new Date(Date.now() + 10 * 60_000);
    expect((await runMaintenance(later)).captures).toEqual({ captured: 2, failed: 0, unknown: 0 });
    for (const { intentId } of [taken, notTaken]) {
      const order = await orderOf(intentId);
      expect(order).toMatchObject({ status: "confirmed", capture: "captured" });
      expect(order.giftCardsBought.map((c) => c.active)).toEqual([true]);
      expect(order.events.filter((e) => e.type === "paid").map((e) => e.detail)).toEqual([expect.objectContaining({ amount: "64.99", reconciled: true })]);
      expect(fake.intents.get(intentId)!.status).toBe("succeeded");
    }
    expect(await giftCardEmails()).toBe(3); // the webhook's order's card, and these two
  });

  it("an authorisation voided at Stripe while the capture's outcome is unknown: payment_intent.canceled marks the order failed", async () => {
    const { intentId } = await authorised();
    loseCaptureAndLookUp(intentId, { ran: false });
    expect((await finalize(intentId)).status).toBe(201);
    expect((await orderOf(intentId)).capture).toBe("unknown");
    const dashboard = new Stripe("sk_test_fake", { host: "127.0.0.1", port: fake.port, protocol: "http" });
    await dashboard.paymentIntents.cancel(intentId);
    expect((await webhook("payment_intent.canceled", intentId)).status).toBe(200);
    const order = await orderOf(intentId);
    expect(order).toMatchObject({ status: "pending", capture: "failed" });
    expect(order.events.find((e) => e.type === "payment_failed")?.detail).toMatchObject({ amount: "64.99", released: true });
    expect(order.events.find((e) => e.type === "payment_failed")?.actor).toBe("webhook");
  });

  it("the timeline records what the card paid, not the gift card's part", async () => {
    const { issueGiftCard } = await import("@/lib/gift-cards/service");
    const card = await runAsAdmin(maker, () => issueGiftCard({ amount: 1000, recipientEmail: "someone@example.com" }));
    const { intentId, prepared } = await authorised({ items: [{ productId: ids["dowel-jig"], quantity: 1 }], giftCards: [card.code] });
    expect(prepared).toMatchObject({ total: "39.99", giftCardAmount: "10.00", cardAmount: "29.99" });
    expect((await finalize(intentId)).status).toBe(201);
    const order = await orderOf(intentId);
    expect(order).toMatchObject({ status: "confirmed", capture: "captured" });
    expect(fake.intents.get(intentId)!.amount_received).toBe(2999);
    expect(order.events.filter((e) => e.type === "paid").map((e) => e.detail)).toEqual([expect.objectContaining({ amount: "29.99", giftCards: "10.00" })]);
  });

  it("a card part of 30 ¢ (a gift card leaving a few cents) is refused with 400 before any payment; a card that covers it all pays alone", async () => {
    const { issueGiftCard } = await import("@/lib/gift-cards/service");
    const card = await runAsAdmin(maker, () => issueGiftCard({ amount: 3969, recipientEmail: "someone@example.com" }));
    const calls = fake.calls.length;
    const checkouts = await db.prisma.checkout.count();
    const body = {
      sessionId: "sess-30-cents",
      items: [{ productId: ids["dowel-jig"], quantity: 1 }],
      email: "cents@example.com",
      firstName: "Ada",
      lastName: "Turner",
      shippingAddress: address,
      giftCards: [card.code],
    };
    const res = await call(routes.createIntent, "/api/create-payment-intent", { body });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Card payments must be at least $0.50, and $0.30 is left to pay by card. Remove a gift card to pay more of the order by card.");
    expect(fake.calls.length).toBe(calls);
    expect(await db.prisma.checkout.count()).toBe(checkouts);

    const whole = await runAsAdmin(maker, () => issueGiftCard({ amount: 4000, recipientEmail: "someone@example.com" }));
    const covered = await call(routes.createIntent, "/api/create-payment-intent", { body: { ...body, giftCards: [whole.code] } });
    expect(covered.status).toBe(200);
    expect(covered.json).toMatchObject({ provider: "gift_card", giftCardAmount: "39.99", cardAmount: "0.00" });
    expect(fake.calls.length).toBe(calls);
  });

  it("two create-payment-intent calls for one cart at once (two tabs, a double click) join one checkout and one payment", async () => {
    const body = { sessionId: "sess-two-tabs", items: [{ productId: ids["dowel-jig"], quantity: 2 }], email: "tabs@example.com", firstName: "Ada", lastName: "Turner", shippingAddress: address };
    const creates = fake.callsTo("POST", "/v1/payment_intents").length;
    fake.setLatency(300, { method: "POST", path: "/v1/payment_intents" });
    const [a, b] = await Promise.all([call(routes.createIntent, "/api/create-payment-intent", { body }), call(routes.createIntent, "/api/create-payment-intent", { body })]);
    fake.setLatency(0);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.paymentIntentId).toBe(b.json.paymentIntentId);
    expect(a.json.clientSecret).toBe(b.json.clientSecret);
    expect(fake.callsTo("POST", "/v1/payment_intents").length - creates).toBe(1);
    expect(await db.prisma.checkout.count({ where: { sessionId: "sess-two-tabs" } })).toBe(1);

    fake.authorize(a.json.paymentIntentId);
    const [first, second] = await Promise.all([finalize(a.json.paymentIntentId), finalize(b.json.paymentIntentId)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(await db.prisma.order.count({ where: { email: "tabs@example.com" } })).toBe(1);
    expect(fake.callsTo("POST", `/v1/payment_intents/${a.json.paymentIntentId}/capture`)).toHaveLength(1);
  });

  it("the dashboard's revenue is the statements' revenue: net of discounts and refunds (to card and gift card), a gift card counted once, when spent", async () => {
    const { getAdminStats, revenueByDay } = await import("@/lib/admin/stats-queries");
    const { orderStatement } = await import("@/lib/orders/statement");
    const { orderWithItems } = await import("@/lib/orders/order-row");
    const { refundOrder } = await import("@/lib/orders/refund-service");
    const cents = (text: string) => Math.round(Number(text) * 100);
    const before = cents((await getAdminStats()).totalRevenue);

    // A: a jig ($24 + $15.99 shipping) and a $25 gift card, by card. The card is money held for its holder: 39.99.
    const a = await authorised({ giftRecipientEmail: "revenue-friend@example.com" });
    expect((await finalize(a.intentId)).status).toBe(201);
    const bought = await db.prisma.giftCard.findFirstOrThrow({ where: { order: { stripePaymentIntentId: a.intentId } } });
    // B: a jig paid $25 by that gift card and $14.99 by card (39.99), then refunded $17: $14.99 to the card, $2.01 to the gift card.
    const b = await authorised({ items: [{ productId: ids["dowel-jig"], quantity: 1 }], giftCards: [bought.code] });
    expect(b.prepared).toMatchObject({ total: "39.99", giftCardAmount: "25.00", cardAmount: "14.99" });
    expect((await finalize(b.intentId)).status).toBe(201);
    const orderB = await orderOf(b.intentId);
    await runAsAdmin(maker, () => refundOrder(orderB.id, { amount: 5, reason: "Scratched" }));
    await runAsAdmin(maker, () => refundOrder(orderB.id, { amount: 12, reason: "Late" }));
    const statementB = orderStatement(await db.prisma.order.findUniqueOrThrow({ where: { id: orderB.id }, include: orderWithItems }));
    expect(statementB.refunds).toMatchObject({ toCard: 1499, total: 1700 });
    expect(statementB.revenue).toBe(3999 - 1700);

    const after = cents((await getAdminStats()).totalRevenue);
    expect(after - before).toBe(3999 + (3999 - 1700));
    // Every order that counts, by its statement, sums to the dashboard's figure; so do the chart's days.
    const counted = await db.prisma.order.findMany({ where: { status: { not: "cancelled" }, paymentProvider: { not: "test" }, capture: "captured" }, include: orderWithItems });
    expect(counted.reduce((sum, o) => sum + orderStatement(o).revenue, 0)).toBe(after);
    expect((await revenueByDay(30)).reduce((sum, d) => sum + cents(d.revenue), 0)).toBe(after);
    // Orders whose card payment was not taken are on no figure: their statements say nothing was paid by card.
    const notTaken = await db.prisma.order.findMany({ where: { capture: { not: "captured" } }, include: orderWithItems });
    expect(notTaken.length).toBeGreaterThan(0);
    for (const o of notTaken) expect(orderStatement(o).cardPayments.every((p) => !p.captured)).toBe(true);
  });

  it("gift cards that come to cover the whole cart do not start a second order beside an open card payment: an authorised one is refused, one not confirmed is cancelled", async () => {
    const { issueGiftCard } = await import("@/lib/gift-cards/service");
    const card = await runAsAdmin(maker, () => issueGiftCard({ amount: 5000, recipientEmail: "someone@example.com" }));
    const body = (sessionId: string, extra: Record<string, unknown> = {}) => ({
      sessionId,
      items: [{ productId: ids["dowel-jig"], quantity: 1 }],
      email: `${sessionId}@example.com`,
      firstName: "Ada",
      lastName: "Turner",
      shippingAddress: address,
      ...extra,
    });
    const prepare = (b: unknown) => call(routes.createIntent, "/api/create-payment-intent", { body: b });

    // Tab 1 paid by card (authorised); tab 2 then enters a gift card covering it all: refused, the card payment stands.
    const byCard = await prepare(body("sess-gc-again-1"));
    expect(byCard.status).toBe(200);
    fake.authorize(byCard.json.paymentIntentId);
    const byGiftCard = await prepare(body("sess-gc-again-1", { giftCards: [card.code] }));
    expect(byGiftCard.status).toBe(409);
    expect(byGiftCard.json.message).toBe("A card payment for this cart is already under way in another tab or window. Finish that checkout, or reload this page in a few minutes.");
    expect(await db.prisma.checkout.count({ where: { sessionId: "sess-gc-again-1", status: "open" } })).toBe(1);
    expect((await finalize(byCard.json.paymentIntentId)).status).toBe(201);
    expect(await db.prisma.order.count({ where: { email: "sess-gc-again-1@example.com" } })).toBe(1);
    expect((await db.prisma.giftCard.findUniqueOrThrow({ where: { code: card.code } })).balance.toFixed(2)).toBe("50.00");

    // A card payment not confirmed yet: cancelled with Stripe and its checkout closed; the gift cards pay, once.
    const unconfirmed = await prepare(body("sess-gc-again-2"));
    const paid = await prepare(body("sess-gc-again-2", { giftCards: [card.code] }));
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ provider: "gift_card", cardAmount: "0.00" });
    expect(fake.intents.get(unconfirmed.json.paymentIntentId)!.status).toBe("canceled");
    expect(await db.prisma.checkout.findMany({ where: { sessionId: "sess-gc-again-2" }, select: { status: true }, orderBy: { id: "asc" } })).toEqual([{ status: "cancelled" }, { status: "open" }]);
    expect((await call(routes.orders, "/api/orders", { body: { paymentIntentId: paid.json.paymentIntentId, clientSecret: paid.json.clientSecret } })).status).toBe(201);
    // Preparing the gift cards again for a finalised checkout starts a new one rather than rewriting the paid one.
    const again = await prepare(body("sess-gc-again-2", { giftCards: [card.code] }));
    expect(again.status).toBe(200);
    expect(again.json.paymentIntentId).not.toBe(paid.json.paymentIntentId);
    const completed = await db.prisma.checkout.findFirstOrThrow({ where: { paymentIntentId: paid.json.paymentIntentId } });
    expect(completed.status).toBe("completed");
    expect(await db.prisma.order.count({ where: { email: "sess-gc-again-2@example.com" } })).toBe(1);
  });
});
