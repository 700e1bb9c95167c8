import Stripe from "stripe";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogWithMaker } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Stripe Tax (TAX_MODE=stripe) through the app's routes and the real `stripe` SDK
 * against the local fake Stripe API (tests/helpers/fake-stripe.ts: Washington taxed 10.25 %,
 * shipping too): a calculation for the checkout's address and lines sets the intent's amount; the
 * tax transaction is created from it only after capture, under the order number; a partial refund
 * reverses its amount (tax included, spread in proportion), a full refund or a cancel with refund
 * reverses the whole transaction.
 */
type Handler = Parameters<typeof call>[0];

let restoreEnv: () => void = () => {};
const savedMode = process.env.TAX_MODE;
let fake: FakeStripe;
let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; refund: Handler; status: Handler; discountCheck: Handler; webhook: Handler };
let auth: Record<string, string>;
const ids: Record<string, number> = {};
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake);
  process.env.TAX_MODE = "stripe";
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  auth = shop.auth;
  const giftCard = await db.prisma.product.create({
    data: { name: "Gift card $50", slug: "gift-card-50", description: "A gift card.", price: "50.00", categoryId: shop.categories.jigs.id, giftCard: true },
  });
  ids[giftCard.slug] = giftCard.id;
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
    status: (await import("@/app/api/orders/[id]/status/route")).PATCH as Handler,
    discountCheck: (await import("@/app/api/discount-codes/check/route")).POST as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
  };
});

afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
  if (savedMode === undefined) delete process.env.TAX_MODE;
  else process.env.TAX_MODE = savedMode;
});

const SEATTLE = { line1: "400 Pine Street", city: "Seattle", state: "WA", postalCode: "98101", country: "US" };
let session = 0;

function prepare(items: Array<[slug: string, quantity: number]>, extra: Record<string, unknown> = {}) {
  return call(routes.createIntent, "/api/create-payment-intent", {
    body: {
      sessionId: `sess-stax-${++session}`,
      items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })),
      email: "shopper@example.com",
      firstName: "Ada",
      lastName: "Turner",
      shippingAddress: SEATTLE,
      ...extra,
    },
  });
}

/** Prepared, authorised on "Stripe", POST /api/orders (captures): the order as stored. */
async function stripeOrder(items: Array<[slug: string, quantity: number]>) {
  const prepared = await prepare(items);
  expect(prepared.status).toBe(200);
  fake.authorize(prepared.json.paymentIntentId);
  const res = await call(routes.orders, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
  expect(res.status).toBe(201);
  const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: res.json.orderNumber }, include: { items: { orderBy: { id: "asc" } } } });
  return { order, prepared: prepared.json, intentId: prepared.json.paymentIntentId as string };
}

const refund = (id: number, body: unknown) => call(routes.refund, `/api/orders/${id}/refund`, { body, params: { id: String(id) }, headers: auth });
const callIndex = (method: string, path: string | RegExp) => fake.calls.findIndex((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)));

describe(`Stripe Tax against a fake Stripe API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("a calculation for the address and lines sets the intent's amount; nothing is recorded for tax before capture", async () => {
    // 2 × 24.00 + 15.99 shipping = 63.99; 10.25 % of 48.00 = 4.92 and of 15.99 = 1.64: tax 6.56, total 70.55.
    const prepared = await prepare([["dowel-jig", 2]], { amount: 6399 });
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({
      subtotal: "48.00",
      shipping: "15.99",
      tax: "6.56",
      total: "70.55",
      cardAmount: "70.55",
      taxLines: [{ jurisdiction: "WA, US sales tax", rate: "10.2500", taxable: "63.99", amount: "6.56" }],
    });
    expect(fake.intents.get(prepared.json.paymentIntentId)!.amount).toBe(7055);

    const [calc] = fake.callsTo("POST", "/v1/tax/calculations");
    expect(calc.body).toMatchObject({
      currency: "usd",
      line_items: { 0: { amount: "4800", quantity: "2", reference: String(ids["dowel-jig"]), tax_behavior: "exclusive" } },
      shipping_cost: { amount: "1599", tax_behavior: "exclusive" },
      customer_details: { address: { line1: "400 Pine Street", city: "Seattle", state: "WA", postal_code: "98101", country: "US" }, address_source: "shipping" },
      expand: { 0: "line_items" },
    });
    const checkout = await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(checkout.taxCalculationId).toBe([...fake.taxCalculations.keys()].at(-1));
    expect(checkout.tax.toFixed(2)).toBe("6.56");
    fake.authorize(prepared.json.paymentIntentId);
    expect(fake.taxTransactions.size).toBe(0);
  });

  it("preparing again for the same lines and address keeps the calculation; another address or quantity asks Stripe again", async () => {
    const sessionId = "sess-stax-again";
    const body = (state: string, postalCode: string, quantity: number, email?: string) => ({
      body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity }], ...(email ? { email } : {}), firstName: "Ada", lastName: "Turner", shippingAddress: { ...SEATTLE, state, postalCode } },
    });
    const count = () => fake.callsTo("POST", "/v1/tax/calculations").length;
    const before = count();
    const first = await call(routes.createIntent, "/api/create-payment-intent", body("WA", "98101", 1));
    // The shopper types their email after the address: the same tax, the same calculation, no call to Stripe Tax.
    const second = await call(routes.createIntent, "/api/create-payment-intent", body("wa", "98101", 1, "ada@example.com"));
    expect(count()).toBe(before + 1);
    expect(second.json).toMatchObject({ paymentIntentId: first.json.paymentIntentId, tax: first.json.tax, total: first.json.total });
    const checkout = await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: first.json.paymentIntentId } });
    expect(checkout.taxCalculationId).toBe([...fake.taxCalculations.keys()].at(-1));

    const otherState = await call(routes.createIntent, "/api/create-payment-intent", body("NY", "10001", 1));
    expect(count()).toBe(before + 2);
    // 8.875 % of 24.00 = 2.13, of 15.99 = 1.42
    expect(otherState.json).toMatchObject({ tax: "3.55", total: "43.54" });
    const more = await call(routes.createIntent, "/api/create-payment-intent", body("NY", "10001", 2));
    expect(count()).toBe(before + 3);
    expect(fake.intents.get(more.json.paymentIntentId)!.amount).toBe(toCents({ toFixed: () => more.json.total }));
  });

  it("after capture the tax transaction is created from the checkout's calculation under the order number, and the order records its tax", async () => {
    const { order, intentId } = await stripeOrder([
      ["dowel-jig", 2],
      ["track-saw-square", 1],
    ]);
    // 107.99 free shipping; 10.25 %: 4.92 + 6.15 = 11.07; total 119.06
    expect([order.subtotal.toFixed(2), order.shipping.toFixed(2), order.tax.toFixed(2), order.total.toFixed(2)]).toEqual(["107.99", "0.00", "11.07", "119.06"]);
    expect(order.items.map((i) => i.tax.toFixed(2))).toEqual(["4.92", "6.15"]);
    expect(order).toMatchObject({ taxMode: "stripe", taxLines: [{ jurisdiction: "WA, US sales tax", rate: "10.2500", taxable: "107.99", amount: "11.07" }] });
    expect(fake.intents.get(intentId)).toMatchObject({ status: "succeeded", amount_received: 11906 });

    const transaction = fake.taxTransactions.get(order.taxTransactionId!)!;
    expect(transaction).toMatchObject({ type: "transaction", reference: order.orderNumber, calculation: order.taxCalculationId, amount: 11906, amount_tax: 1107 });
    const create = fake.callsTo("POST", "/v1/tax/transactions/create_from_calculation").find((c) => c.body.reference === order.orderNumber)!;
    expect(create.idempotencyKey).toBe(`tax-transaction-${order.orderNumber}`);
    // After the capture, never before it.
    expect(callIndex("POST", `/v1/payment_intents/${intentId}/capture`)).toBeLessThan(fake.calls.indexOf(create));
    expect(await db.prisma.orderEvent.findFirst({ where: { orderId: order.id, type: "tax_recorded" } })).toMatchObject({ detail: { transactionId: order.taxTransactionId, tax: "11.07" } });
  });

  it("a partial refund reverses its amount in proportion; refunding the rest reverses the rest", async () => {
    const { order } = await stripeOrder([["dowel-jig", 2]]);
    expect(order.total.toFixed(2)).toBe("70.55");
    const first = await refund(order.id, { amount: 20, reason: "Scratched" });
    expect(first.status).toBe(200);
    const [reversal] = fake.reversalsOf(order.taxTransactionId!);
    expect(reversal).toMatchObject({ mode: "partial", flat_amount: -2000, amount: -2000, amount_tax: -Math.round((656 * 2000) / 7055) });
    const row = await db.prisma.refund.findUniqueOrThrow({ where: { id: first.json.refund.id } });
    expect(row.taxReversalId).toBe(reversal.id);
    expect(reversal.reference).toBe(`${order.orderNumber}-refund-${row.id}`);

    const rest = await refund(order.id, { reason: "Returned" });
    expect(rest.json.refund.amount).toBe("50.55");
    const reversals = fake.reversalsOf(order.taxTransactionId!);
    expect(reversals.map((r) => [r.mode, r.flat_amount])).toEqual([
      ["partial", -2000],
      ["partial", -5055],
    ]);
    // The whole sale and its tax are off the record.
    expect(reversals.reduce((sum, r) => sum + r.amount, 0)).toBe(-7055);
    expect(reversals.reduce((sum, r) => sum + r.amount_tax, 0)).toBe(-656);
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "tax_reversed" } })).toBe(2);
  });

  it("a line refund returns the line's tax, and reverses that amount", async () => {
    const { order } = await stripeOrder([
      ["dowel-jig", 2],
      ["track-saw-square", 1],
    ]);
    const square = order.items.find((i) => i.productName === "Track Saw Square")!;
    const res = await refund(order.id, { lineIds: [square.id], reason: "Bent" });
    expect(res.json.refund.amount).toBe("66.14"); // 59.99 + 6.15 tax
    expect(fake.reversalsOf(order.taxTransactionId!).map((r) => r.flat_amount)).toEqual([-6614]);
  });

  it("a full refund reverses the whole transaction", async () => {
    const { order } = await stripeOrder([["dowel-jig", 1]]);
    const res = await refund(order.id, { reason: "Never arrived" });
    expect(res.json.refund.amount).toBe(order.total.toFixed(2));
    expect(fake.reversalsOf(order.taxTransactionId!).map((r) => [r.mode, r.amount, r.amount_tax])).toEqual([["full", -toCents(order.total), -toCents(order.tax)]]);
    const call = fake.callsTo("POST", "/v1/tax/transactions/create_reversal").at(-1)!;
    expect(call.body).toMatchObject({ mode: "full", original_transaction: order.taxTransactionId });
    expect(call.body.flat_amount).toBeUndefined();
  });

  it("cancelling with a refund reverses the whole transaction", async () => {
    const { order } = await stripeOrder([["maple-nesting-bowls", 1]]);
    const res = await call(routes.status, `/api/orders/${order.id}/status`, {
      method: "PATCH",
      body: { status: "cancelled", refund: true, reason: "Out of walnut" },
      params: { id: String(order.id) },
      headers: auth,
    });
    expect(res.status).toBe(200);
    expect(fake.reversalsOf(order.taxTransactionId!).map((r) => r.mode)).toEqual(["full"]);
  });

  it("a refund made in Stripe's dashboard (charge.refunded) is reversed too", async () => {
    const { order, intentId } = await stripeOrder([["dowel-jig", 1]]);
    fake.refunds.set("re_dash_tax", {
      id: "re_dash_tax",
      object: "refund",
      amount: 1000,
      charge: `ch_fake_${intentId}`,
      created: 0,
      currency: "usd",
      metadata: {},
      payment_intent: intentId,
      reason: null,
      status: "succeeded",
    });
    const payload = JSON.stringify({
      id: "evt_tax_dash",
      object: "event",
      api_version: "2025-01-01",
      created: 0,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "charge.refunded",
      data: { object: fake.chargeOf(intentId) },
    });
    const res = await call(routes.webhook, "/api/webhooks/stripe", {
      rawBody: payload,
      headers: { "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) },
    });
    expect(res.status).toBe(200);
    expect(fake.reversalsOf(order.taxTransactionId!).map((r) => [r.mode, r.flat_amount])).toEqual([["partial", -1000]]);
  });

  it("when the tax transaction cannot be recorded after capture the order still stands; the first refund records it, then reverses", async () => {
    fake.setNextError({ status: 500, type: "api_error", message: "Stripe Tax is having trouble" }, { method: "POST", path: "/v1/tax/transactions/create_from_calculation" });
    const { order } = await stripeOrder([["dowel-jig", 1]]);
    expect(order).toMatchObject({ status: "confirmed", taxTransactionId: null });
    expect(await db.prisma.orderEvent.findFirst({ where: { orderId: order.id, type: "tax_record_failed" } })).toMatchObject({
      detail: { message: expect.stringContaining("Stripe Tax is having trouble") },
    });
    const res = await refund(order.id, { amount: 5, reason: "Goodwill" });
    expect(res.status).toBe(200);
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(fake.taxTransactions.get(after.taxTransactionId!)).toMatchObject({ type: "transaction", reference: order.orderNumber });
    expect(fake.reversalsOf(after.taxTransactionId!).map((r) => r.flat_amount)).toEqual([-500]);
  });

  it("the hourly upkeep records a tax transaction Stripe could not take after capture, once", async () => {
    fake.setNextError({ status: 500, type: "api_error", message: "Stripe Tax is having trouble" }, { method: "POST", path: "/v1/tax/transactions/create_from_calculation" });
    const { order } = await stripeOrder([["track-saw-square", 1]]);
    expect(order.taxTransactionId).toBeNull();
    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    expect((await runMaintenance()).taxTransactions).toEqual({ recorded: 1, failed: 0 });
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(fake.taxTransactions.get(after.taxTransactionId!)).toMatchObject({ type: "transaction", reference: order.orderNumber, calculation: order.taxCalculationId });
    expect((await runMaintenance()).taxTransactions).toEqual({ recorded: 0, failed: 0 });
  });

  it("a reversal Stripe could not take is made by the hourly upkeep, once, with the refund's own key", async () => {
    const { order } = await stripeOrder([["dowel-jig", 1]]);
    fake.setNextError({ status: 500, type: "api_error", message: "Stripe Tax is having trouble" }, { method: "POST", path: "/v1/tax/transactions/create_reversal" });
    const res = await refund(order.id, { amount: 7, reason: "Goodwill" });
    expect(res.status).toBe(200);
    const row = await db.prisma.refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row.taxReversalId).toBeNull();
    expect(await db.prisma.orderEvent.findFirst({ where: { orderId: order.id, type: "tax_reversal_failed" } })).toMatchObject({
      detail: { refundId: row.id, message: expect.stringContaining("Stripe Tax is having trouble") },
    });
    const transactionId = (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).taxTransactionId!;
    expect(fake.reversalsOf(transactionId)).toEqual([]);
    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    // A refund made in the last minutes is left to its own request; an hour later the upkeep reverses it.
    expect((await runMaintenance()).taxReversals).toEqual({ reversed: 0, failed: 0 });
    const later = new Date(Date.now() + 60 * 60_000);
    expect((await runMaintenance(later)).taxReversals).toEqual({ reversed: 1, failed: 0 });
    const [reversal] = fake.reversalsOf(transactionId);
    expect(reversal).toMatchObject({ mode: "partial", flat_amount: -700, reference: `${order.orderNumber}-refund-${row.id}` });
    expect((await db.prisma.refund.findUniqueOrThrow({ where: { id: row.id } })).taxReversalId).toBe(reversal.id);
    expect((await runMaintenance(later)).taxReversals).toEqual({ reversed: 0, failed: 0 });
    expect(fake.reversalsOf(transactionId)).toHaveLength(1);
  });

  it("a gift card bought is sent as not taxable", async () => {
    const prepared = await prepare([
      ["dowel-jig", 1],
      ["gift-card-50", 1],
    ]);
    expect(prepared.status).toBe(200);
    const calc = fake.callsTo("POST", "/v1/tax/calculations").at(-1)!;
    expect(calc.body.line_items).toMatchObject({ 1: { reference: String(ids["gift-card-50"]), tax_code: "txcd_00000000" } });
    // 24.00 and 15.99 shipping taxed (2.46 + 1.64), the 50.00 card not
    expect(prepared.json).toMatchObject({ subtotal: "74.00", tax: "4.10", total: "94.09" });
  });

  it("an address Stripe Tax cannot place is a 400 and Stripe not answering a 503; neither prepares a checkout or an intent", async () => {
    const checkouts = await db.prisma.checkout.count();
    const intents = fake.intents.size;
    fake.setNextError(
      { status: 400, message: "We could not determine the customer's tax location based on the provided customer address.", code: "customer_tax_location_invalid" },
      { path: "/v1/tax/calculations" },
    );
    const invalid = await prepare([["dowel-jig", 1]]);
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ message: "We could not work out the sales tax for this address. Please check the state and ZIP code." });
    fake.setNextError({ status: 500, type: "api_error", message: "down" }, { path: "/v1/tax/calculations" });
    const down = await prepare([["dowel-jig", 1]]);
    expect(down.status).toBe(503);
    expect(down.json.message).toBe("We could not calculate the sales tax just now. Please try again in a moment; you have not been charged.");
    // A state that is no US state never reaches Stripe.
    const calls = fake.calls.length;
    const notAState = await prepare([["dowel-jig", 1]], { shippingAddress: { ...SEATTLE, state: "Cascadia" } });
    expect(notAState.status).toBe(400);
    expect(fake.calls.length).toBe(calls);
    expect(await db.prisma.checkout.count()).toBe(checkouts);
    expect(fake.intents.size).toBe(intents);
  });

  it("pricing a discount code for the cart page calls no Stripe Tax", async () => {
    await db.prisma.discountCode.create({ data: { code: "CARTPAGE", kind: "percentage", percentOff: 10 } as never });
    const calls = fake.calls.length;
    const res = await call(routes.discountCheck, "/api/discount-codes/check", { body: { code: "CARTPAGE", items: [{ productId: ids["dowel-jig"], quantity: 1 }] } });
    expect(res.status).toBe(200);
    expect(fake.calls.length).toBe(calls);
  });
});

function toCents(d: { toFixed(n: number): string }) {
  return Math.round(Number(d.toFixed(2)) * 100);
}
