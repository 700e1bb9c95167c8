import Stripe from "stripe";
import { runAsAdmin } from "@/lib/audit/context";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 30 with Stripe (the real `stripe` SDK against the local fake Stripe API): a quote's
 * payment is a manual-capture intent for the quote's total; the shopper authorises and closes
 * the tab, and the payment webhook makes the order exactly once (a redelivery and the browser
 * coming back late get the same order); a tampered intent amount is refused and voided.
 */
type Handler = Parameters<typeof call>[0];
let restoreEnv: () => void = () => {};
let fake: FakeStripe;
let db: TestDatabase;
let routes: { commission: Handler; pay: Handler; orders: Handler; webhook: Handler; status: Handler; refund: Handler };
let auth: Record<string, string>;
let service: typeof import("@/lib/commissions/service");
let schemas: typeof import("@/lib/commissions/admin-schemas");
let maker: { id: number; username: string; email: string; sessionVersion: number };
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake);
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  routes = {
    commission: (await import("@/app/api/commissions/route")).POST as Handler,
    pay: (await import("@/app/api/quotes/[token]/payment/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
    status: (await import("@/app/api/orders/[id]/status/route")).PATCH as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
  };
  service = await import("@/lib/commissions/service");
  schemas = await import("@/lib/commissions/admin-schemas");
  maker = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await (await import("@/lib/auth/session-service")).issueApiToken(maker)}` };
});
afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
});

const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };
const contact = { email: "sam@example.com", firstName: "Sam", lastName: "Birch" };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
let ip = 0;

async function quoted(over: Record<string, unknown> = {}) {
  const asked = await call(routes.commission, "/api/commissions", {
    body: { name: "Sam Birch", email: contact.email, description: "A cherry side table, 20 inches high, with one drawer and tapered legs.", budget: "600_1200" },
    headers: fromClient(`192.0.2.${++ip}`),
  });
  const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: asked.json.reference } });
  const input = schemas.quoteSchema.parse({ id: commission.id, price: "680", shipping: "45", leadTimeMinDays: "20", leadTimeMaxDays: "30", expiresOn: day(10), ...over });
  const { url, quoteId } = await runAsAdmin(maker, () => service.createQuote(input));
  return { commission, quoteId, token: url.split("/quote/")[1] };
}
const pay = (token: string, amount = 72500) => call(routes.pay, `/api/quotes/${token}/payment`, { params: { token }, body: { ...contact, shippingAddress: address, amount } });
const finalize = (paymentIntentId: string) => call(routes.orders, "/api/orders", { body: { paymentIntentId } });
const captureCalls = (id: string) => fake.callsTo("POST", `/v1/payment_intents/${id}/capture`);

function webhook(type: string, intentId: string, id: string, object: unknown = fake.intents.get(intentId)) {
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
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
  return call(routes.webhook, "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": header } });
}

describe(`A quote paid with Stripe against a fake Stripe API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("the tab closes after the card is authorised: the webhook records the order exactly once", async () => {
    const { commission, quoteId, token } = await quoted();
    const prepared = await pay(token);
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ provider: "stripe", subtotal: "680.00", shipping: "45.00", total: "725.00" });
    const id = prepared.json.paymentIntentId;
    expect(fake.intents.get(id)).toMatchObject({ amount: 72500, currency: "usd", capture_method: "manual", metadata: { sessionId: `quote-${quoteId}`, quoteId: String(quoteId) } });

    fake.authorize(id);
    const first = await webhook("payment_intent.amount_capturable_updated", id, `evt_quote_${quoteId}`);
    expect(first).toMatchObject({ status: 200, json: { received: true, duplicate: false, handled: true } });
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: id }, include: { items: true } });
    expect(order).toMatchObject({ status: "confirmed", email: "sam@example.com", paymentProvider: "stripe" });
    expect(order.total.toFixed(2)).toBe("725.00");
    expect(order.items.map((i) => [i.productId, i.productName.startsWith(`Commission ${commission.reference} — A cherry side table`), i.ships])).toEqual([
      [null, true, "Made to order — ships in 20–30 working days"],
    ]);
    expect(fake.intents.get(id)).toMatchObject({ status: "succeeded", amount_received: 72500 });
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "paid", orderId: order.id });
    expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("accepted");

    // Stripe delivers again, then the succeeded event, then the browser comes back: still one order, one capture.
    expect((await webhook("payment_intent.amount_capturable_updated", id, `evt_quote_${quoteId}`)).json).toMatchObject({ duplicate: true });
    expect((await webhook("payment_intent.succeeded", id, `evt_quote_${quoteId}_ok`)).status).toBe(200);
    const late = await finalize(id);
    expect(late).toMatchObject({ status: 200, json: { orderNumber: order.orderNumber } });
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: id } })).toBe(1);
    expect(captureCalls(id)).toHaveLength(1);
    expect((await pay(token)).json).toMatchObject({ orderNumber: order.orderNumber });
  });

  it("an intent whose amount was changed outside the shop is refused and voided; the quote stays open", async () => {
    const { quoteId, token } = await quoted();
    const prepared = await pay(token);
    const id = prepared.json.paymentIntentId;
    fake.intents.get(id)!.amount = 100;
    fake.authorize(id);
    const refused = await finalize(id);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("The payment amount does not match your order. You have not been charged.");
    expect(fake.intents.get(id)!.status).toBe("canceled");
    expect(captureCalls(id)).toHaveLength(0);
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: id } })).toBe(0);
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "open", orderId: null });
  });

  it("a commission's order has the whole after-sale loop: shipped with tracking (emailed), its line refunded through Stripe", async () => {
    const { quoteId, token } = await quoted();
    const id = (await pay(token)).json.paymentIntentId;
    fake.authorize(id);
    expect((await finalize(id)).status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: id }, include: { items: true } });

    const shipped = await call(routes.status, `/api/orders/${order.id}/status`, {
      method: "PATCH",
      body: { status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(shipped.status).toBe(200);
    const mail = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: "sam@example.com", subject: { contains: "shipped" } }, orderBy: { id: "desc" } });
    expect(mail.text).toContain("1Z999AA10123456784");
    expect(mail.text).toContain("Commission COM-");

    const refunded = await call(routes.refund, `/api/orders/${order.id}/refund`, {
      body: { lineIds: [order.items[0].id], reason: "The drawer does not close" },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(refunded.status).toBe(200);
    expect(refunded.json.refund).toMatchObject({ amount: "680.00", status: "succeeded", provider: "stripe" });
    const calls = fake.callsTo("POST", "/v1/refunds").filter((c) => c.body.payment_intent === id);
    expect(calls.map((c) => c.body.amount)).toEqual(["68000"]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("680.00");
    // The quote stays paid: a refund is the after-sale, not a new chance to pay.
    expect((await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).status).toBe("paid");
  });
  it("deposit then balance, both tabs closed: the webhooks record one order and its second payment once; refunds go back per intent", async () => {
    const { commission, token } = await quoted({ depositPercent: "40" });
    // 40 % of 680.00 now; 408.00 + 45.00 shipping later (no tax in estimate mode).
    const deposit = await pay(token);
    expect(deposit.json).toMatchObject({ total: "725.00", cardAmount: "272.00", balanceDue: "453.00" });
    const depositId = deposit.json.paymentIntentId;
    expect(fake.intents.get(depositId)).toMatchObject({ amount: 27200, capture_method: "manual" });
    const { getAdminStats } = await import("@/lib/admin/stats-queries");
    const revenue = async () => Math.round(Number((await getAdminStats()).totalRevenue) * 100);
    const revenueBefore = await revenue();
    fake.authorize(depositId);
    expect((await webhook("payment_intent.amount_capturable_updated", depositId, `evt_dep_${depositId}`)).status).toBe(200);
    // Revenue is money received: the deposit, not the balance still due.
    expect((await revenue()) - revenueBefore).toBe(27200);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: depositId } });
    expect([order.total.toFixed(2), order.balanceDue.toFixed(2)]).toEqual(["725.00", "453.00"]);
    expect(fake.intents.get(depositId)).toMatchObject({ status: "succeeded", amount_received: 27200 });

    await runAsAdmin(maker, () => service.moveCommission({ id: commission.id, status: "in_progress" }));
    const sent = await runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(5) })));
    const balance = await pay(sent.url.split("/quote/")[1], 45300);
    expect(balance.status).toBe(200);
    const balanceId = balance.json.paymentIntentId;
    expect(fake.intents.get(balanceId)).toMatchObject({ amount: 45300, capture_method: "manual" });
    fake.authorize(balanceId);
    // The tab closes: the webhook records the balance; a redelivery and the browser coming back change nothing.
    expect((await webhook("payment_intent.amount_capturable_updated", balanceId, `evt_bal_${balanceId}`)).status).toBe(200);
    expect((await webhook("payment_intent.succeeded", balanceId, `evt_bal_ok_${balanceId}`)).status).toBe(200);
    expect(await finalize(balanceId)).toMatchObject({ status: 200, json: { orderNumber: order.orderNumber } });
    expect(captureCalls(balanceId)).toHaveLength(1);
    expect(fake.intents.get(balanceId)).toMatchObject({ status: "succeeded", amount_received: 45300 });
    expect(await db.prisma.orderPayment.findMany({ where: { orderId: order.id }, select: { paymentIntentId: true, captured: true } })).toEqual([{ paymentIntentId: balanceId, captured: true }]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).balanceDue.toFixed(2)).toBe("0.00");
    expect(await db.prisma.order.count({ where: { commissionQuote: { commissionId: commission.id } } })).toBe(1);
    expect((await revenue()) - revenueBefore).toBe(72500);

    // Refund 500.00: the balance's 453.00 and 47.00 of the deposit, one Stripe refund per intent.
    const refunded = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { amount: 500, reason: "Delivered late" }, params: { id: String(order.id) }, headers: auth });
    expect(refunded.status).toBe(200);
    expect(refunded.json).toMatchObject({
      amount: "500.00",
      refunds: [
        { paymentIntentId: balanceId, amount: "453.00", status: "succeeded" },
        { paymentIntentId: depositId, amount: "47.00", status: "succeeded" },
      ],
    });
    const calls = fake.callsTo("POST", "/v1/refunds").filter((c) => c.body.payment_intent === depositId || c.body.payment_intent === balanceId);
    expect(calls.map((c) => [c.body.payment_intent, c.body.amount])).toEqual([
      [balanceId, "45300"],
      [depositId, "4700"],
    ]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(2);
    // Stripe's charge.refunded for each intent: already ours, never counted twice.
    for (const id of [balanceId, depositId]) expect((await webhook("charge.refunded", id, `evt_ref_${id}`, fake.chargeOf(id))).status).toBe(200);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("500.00");
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(2);
  });
});

// A commission's deposit and balance under races and provider failures: a cancellation with a refund racing the
// balance payment, a split refund one part of which Stripe refuses, and a balance capture whose answer is lost.
const cancel = (orderId: number) =>
  call(routes.status, `/api/orders/${orderId}/status`, { method: "PATCH", body: { status: "cancelled", refund: true, reason: "Cannot make it" }, params: { id: String(orderId) }, headers: auth });
const refundsAt = (intentId: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount);

/** Deposit 40 % of 680.00 = 272.00 paid; the balance link for 453.00 prepared and its card authorised (not yet recorded). */
async function depositAndAuthorisedBalance() {
  const { commission, token } = await quoted({ depositPercent: "40" });
  const depositId = (await pay(token)).json.paymentIntentId as string;
  fake.authorize(depositId);
  expect((await finalize(depositId)).status).toBe(201);
  const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: depositId } });
  const sent = await runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(5) })));
  const balance = await pay(sent.url.split("/quote/")[1], 45300);
  expect(balance.status).toBe(200);
  const balanceId = balance.json.paymentIntentId as string;
  fake.authorize(balanceId);
  return { commission, order, depositId, balanceId };
}

/** Stripe refuses the n-th POST /v1/refunds from now on (once). */
function refuseRefundCall(n: number) {
  const calls = fake.calls as unknown as { push: (...c: unknown[]) => number };
  const push = Array.prototype.push;
  let seen = 0;
  calls.push = function (this: unknown[], ...c: unknown[]) {
    const call = c[0] as { method: string; path: string };
    // A call is recorded as it arrives, before it runs: the error set now is its answer.
    if (call.method === "POST" && call.path === "/v1/refunds" && ++seen === n)
      fake.setNextError({ status: 402, type: "card_error", message: "The card issuer refused the refund." }, { method: "POST", path: "/v1/refunds" });
    return push.apply(this, c);
  };
  return () => void (calls.push = push as never);
}

describe(`A commission's deposit and balance under races, on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("cancelling with a refund while the shopper pays the balance: the balance is refused and released, the deposit refunded", async () => {
    const { order, balanceId } = await depositAndAuthorisedBalance();
    fake.setLatency(1500, { method: "POST", path: "/v1/refunds" });
    const cancelling = cancel(order.id);
    // The cancellation's refund is on record (its call to Stripe in flight) when the balance comes in.
    for (let i = 0; i < 100 && !(await db.prisma.refund.count({ where: { orderId: order.id } })); i++) await new Promise((r) => setTimeout(r, 20));
    const balancePaid = await finalize(balanceId);
    const cancelled = await cancelling;
    fake.setLatency(0);
    expect(balancePaid.status).toBe(409);
    expect(balancePaid.json.message).toContain("Your card has not been charged.");
    expect(cancelled.status).toBe(200);
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect([after.status, after.refundedAmount.toFixed(2), after.payments.length]).toEqual(["cancelled", "272.00", 0]);
    expect(fake.intents.get(balanceId)?.status).toBe("canceled");
  });

  it("a split refund one part of which Stripe refuses: the part refunded is on record, the cancellation waits, and the same request again refunds the rest", async () => {
    const { order, depositId, balanceId } = await depositAndAuthorisedBalance();
    expect((await finalize(balanceId)).status).toBe(201);
    // The balance's part goes first and is refunded; the deposit's (the second call) is refused.
    const restore = refuseRefundCall(2);
    const first = await cancel(order.id);
    restore();
    expect(first.status).toBe(409);
    expect(first.json.message).toMatch(/^Refunded \$453\.00 of \$725\.00; the rest could not be: .*Send the same refund again to refund the rest\.$/);
    const mid = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([mid.status, mid.refundedAmount.toFixed(2)]).toEqual(["confirmed", "453.00"]);

    const second = await cancel(order.id);
    expect(second.status).toBe(200);
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: { orderBy: { id: "asc" } } } });
    expect([after.status, after.refundedAmount.toFixed(2)]).toEqual(["cancelled", "725.00"]);
    expect(after.refunds.map((r) => [r.paymentIntentId, r.amount.toFixed(2), r.status])).toEqual([
      [balanceId, "453.00", "succeeded"],
      [depositId, "272.00", "succeeded"],
    ]);
    expect(refundsAt(balanceId)).toEqual([45300]);
    expect(refundsAt(depositId)).toEqual([27200]);
    // Sent a third time: nothing moves.
    expect((await cancel(order.id)).status).toBe(200);
    expect(refundsAt(depositId)).toEqual([27200]);
  });

  it("a split refund whose first part Stripe refuses moves nothing; the same request again refunds it all", async () => {
    const { order, depositId, balanceId } = await depositAndAuthorisedBalance();
    expect((await finalize(balanceId)).status).toBe(201);
    const restore = refuseRefundCall(1);
    const first = await call(routes.refund, `/api/orders/${order.id}/refund`, {
      body: { reason: "Broken in transit", idempotencyKey: "k-first-refused" },
      params: { id: String(order.id) },
      headers: auth,
    });
    restore();
    expect(first.status).toBe(409);
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
    expect([refundsAt(balanceId), refundsAt(depositId)]).toEqual([[], []]);
    const again = await call(routes.refund, `/api/orders/${order.id}/refund`, {
      body: { reason: "Broken in transit", idempotencyKey: "k-first-refused" },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(again).toMatchObject({ status: 200, json: { amount: "725.00", replayed: false } });
    expect([refundsAt(balanceId), refundsAt(depositId)]).toEqual([[45300], [27200]]);
  });

  it("a balance capture whose answer is lost is settled by Stripe's webhook, and is refundable", async () => {
    const { order, balanceId } = await depositAndAuthorisedBalance();
    fake.setNextError({ status: 500, type: "api_error", message: "timeout" }, { method: "POST", path: `/v1/payment_intents/${balanceId}/capture`, afterRunning: true });
    expect((await finalize(balanceId)).status).toBe(201);
    expect(fake.intents.get(balanceId)?.status).toBe("succeeded");
    expect((await db.prisma.orderPayment.findUniqueOrThrow({ where: { paymentIntentId: balanceId } })).captured).toBe(false);
    // Refused for a moment (the capture may still answer), then Stripe's webhook settles it.
    const early = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { reason: "Broken" }, params: { id: String(order.id) }, headers: auth });
    expect(early).toMatchObject({ status: 409, json: { message: "The balance of this order is being taken right now. Try the refund again in a minute." } });
    expect((await webhook("payment_intent.succeeded", balanceId, `evt_lost_${balanceId}`)).status).toBe(200);
    expect((await db.prisma.orderPayment.findUniqueOrThrow({ where: { paymentIntentId: balanceId } })).captured).toBe(true);
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "paid" } })).toBe(2);
    const whole = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { reason: "Broken" }, params: { id: String(order.id) }, headers: auth });
    expect(whole).toMatchObject({ status: 200, json: { amount: "725.00" } });
    expect(refundsAt(balanceId)).toEqual([45300]);
  });
});

describe("A deposit order refunded", () => {
  async function depositPaid() {
    const { commission, token } = await quoted({ depositPercent: "40" });
    const depositId = (await pay(token)).json.paymentIntentId as string;
    fake.authorize(depositId);
    expect((await finalize(depositId)).status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: depositId } });
    const sent = await runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(5) })));
    return { commission, order, depositId, balanceToken: sent.url.split("/quote/")[1] };
  }
  const refund = (orderId: number, body: Record<string, unknown>) =>
    call(routes.refund, `/api/orders/${orderId}/refund`, { body: { reason: "Cannot make it", ...body }, params: { id: String(orderId) }, headers: auth });

  it("refunded in full: the order is cancelled, its commission refunded (audited), its balance link gone, the timeline says so", async () => {
    const { commission, order, depositId, balanceToken } = await depositPaid();
    const refunded = await refund(order.id, {});
    expect(refunded).toMatchObject({ status: 200, json: { amount: "272.00" } });
    expect(refundsAt(depositId)).toEqual([27200]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
    expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("refunded");
    expect(await db.prisma.auditLog.findFirst({ where: { entityType: "commission", entityId: String(commission.id), action: "status" }, orderBy: { id: "desc" } })).toMatchObject({
      after: { status: "refunded" },
    });
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["refunded", "status_changed", "commission_refunded"]));
    expect(events.find((e) => e.type === "status_changed")?.detail).toMatchObject({ from: "confirmed", to: "cancelled", reason: "deposit refunded in full" });
    expect(await pay(balanceToken, 45300)).toMatchObject({ status: 410 });
    await expect(runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(5) })))).rejects.toMatchObject({ code: "conflict" });
  });

  it("refunded in full at Stripe's dashboard (charge.refunded): the same", async () => {
    const { commission, order, depositId } = await depositPaid();
    const dashboard = new Stripe("sk_test_fake", { host: "127.0.0.1", port: fake.port, protocol: "http" });
    await dashboard.refunds.create({ payment_intent: depositId, amount: 27200 });
    expect((await webhook("charge.refunded", depositId, `evt_full_${depositId}`, fake.chargeOf(depositId))).status).toBe(200);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
    expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("refunded");
  });

  it("a balance link shows only what the payer needs: no street address, no phone", async () => {
    const { order, balanceToken } = await depositPaid();
    await db.prisma.order.update({ where: { id: order.id }, data: { phone: "+1 503 555 0142" } });
    const opened = await service.openQuote(balanceToken);
    expect(opened).toMatchObject({ ok: true, balanceOf: { orderNumber: order.orderNumber, total: "725.00" } });
    const shown = JSON.stringify(opened);
    for (const secret of ["12 Elm Street", "Portland", "97201", "555 0142"]) expect(shown).not.toContain(secret);
    // Paying it still completes the order, which keeps its address.
    const balance = await pay(balanceToken, 45300);
    expect(balance.status).toBe(200);
    fake.authorize(balance.json.paymentIntentId);
    expect((await finalize(balance.json.paymentIntentId)).status).toBe(201);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).shippingAddress).toMatchObject({ line1: "12 Elm Street" });
  });

  it("refunded in part: the balance link still asks for what is due, and paying it is taken", async () => {
    const { commission, order, balanceToken } = await depositPaid();
    expect(await refund(order.id, { amount: 20 })).toMatchObject({ status: 200, json: { amount: "20.00" } });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("confirmed");
    expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("accepted");
    const balance = await pay(balanceToken, 45300);
    expect(balance.status).toBe(200);
    fake.authorize(balance.json.paymentIntentId);
    expect((await finalize(balance.json.paymentIntentId)).status).toBe(201);
    expect(fake.intents.get(balance.json.paymentIntentId)).toMatchObject({ status: "succeeded", amount_received: 45300 });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).balanceDue.toFixed(2)).toBe("0.00");
    // A new link can be sent after a partial refund too (here: none is due any more).
    await expect(runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(5) })))).rejects.toMatchObject({
      message: "This commission has no balance due: its order was paid in full.",
    });
  });
});
