import Stripe from "stripe";
import { startFakeStripe, type FakeStripe, FAKE_WEBHOOK_SECRET, useFakeStripeEnv } from "@/tests/helpers/fake-stripe";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The whole Stripe checkout through the app's own Stripe provider: route
 * handlers → real `stripe` SDK → local fake Stripe API (tests/helpers/fake-stripe.ts),
 * on a real database. App modules are imported only after the Stripe env is set,
 * because lib/env.ts reads the environment once at import.
 */
type Handler = Parameters<typeof call>[0];

const WEBHOOK_SECRET = FAKE_WEBHOOK_SECRET;
let restoreEnv: () => void = () => {};

let fake: FakeStripe;
let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; webhook: Handler };
let ownerEmail: string;
const ids: Record<string, number> = {};
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = useFakeStripeEnv(fake); // emails go to the EmailMessage outbox
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  for (const p of await db.prisma.product.findMany({ select: { id: true, slug: true } })) ids[p.slug] = p.id;
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    webhook: (await import("@/app/api/webhooks/stripe/route")).POST as Handler,
  };
  ownerEmail = (await import("@/lib/email/service")).ownerEmail();
});

afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  restoreEnv();
});

const address = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };

function prepare(sessionId: string, items: Array<[slug: string, quantity: number]>, extra: Record<string, unknown> = {}) {
  return call(routes.createIntent, "/api/create-payment-intent", {
    body: {
      sessionId,
      items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })),
      email: `${sessionId}@example.com`,
      firstName: "Ada",
      lastName: "Turner",
      shippingAddress: address,
      ...extra,
    },
  });
}

const finalize = (paymentIntentId: string) => call(routes.orders, "/api/orders", { body: { paymentIntentId } });

function stripeEvent(type: string, intentId: string, id = `evt_fake_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: fake.intents.get(intentId) },
  };
}

function sendWebhook(payload: string, signature?: string | null) {
  const header = signature === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : signature;
  return call(routes.webhook, "/api/webhooks/stripe", { rawBody: payload, headers: header === null ? {} : { "stripe-signature": header } });
}

const captureCalls = (intentId: string) => fake.callsTo("POST", `/v1/payment_intents/${intentId}/capture`);

describe(`Stripe checkout against a fake Stripe API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let intentId: string;
  let orderNumber: string;

  it("prices the cart on the server and creates one manual-capture intent on Stripe", async () => {
    const res = await prepare("sess_main", [["dowel-jig", 2]], { amount: 6399 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ provider: "stripe", subtotal: "48.00", shipping: "15.99", total: "63.99" });
    intentId = res.json.paymentIntentId;
    const intent = fake.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: 6399,
      currency: "usd",
      capture_method: "manual",
      status: "requires_payment_method",
      metadata: { sessionId: "sess_main", checkoutId: String(res.json.checkoutId) },
    });
    expect(res.json.clientSecret).toBe(intent.client_secret);
    const [create] = fake.callsTo("POST", "/v1/payment_intents");
    expect(create.idempotencyKey).toMatch(new RegExp(`^checkout-${res.json.checkoutId}-\\d{13}$`));
    expect(await db.prisma.checkout.findUnique({ where: { paymentIntentId: intentId } })).toMatchObject({ status: "open", provider: "stripe", sessionId: "sess_main" });
  });

  it("a second call for the same session updates the same intent", async () => {
    const res = await prepare("sess_main", [["dowel-jig", 3]]);
    expect(res.status).toBe(200);
    expect(res.json.paymentIntentId).toBe(intentId);
    expect(res.json.total).toBe("87.99");
    expect(fake.intents.get(intentId)!.amount).toBe(8799);
    expect(fake.callsTo("POST", "/v1/payment_intents")).toHaveLength(1);
    expect(fake.callsTo("POST", `/v1/payment_intents/${intentId}`)).toHaveLength(1);
    expect(await db.prisma.checkout.count({ where: { sessionId: "sess_main" } })).toBe(1);

    const back = await prepare("sess_main", [["dowel-jig", 2]], { amount: 6399 });
    expect(back.json.paymentIntentId).toBe(intentId);
    expect(fake.intents.get(intentId)!.amount).toBe(6399);
  });

  it("a tampered amount is refused with 409 and nothing changes on Stripe", async () => {
    const callsBefore = fake.calls.length;
    const res = await prepare("sess_main", [["dowel-jig", 2]], { amount: 100 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ total: "63.99" });
    expect(fake.calls.length).toBe(callsBefore);
    expect(fake.intents.get(intentId)!.amount).toBe(6399);
  });

  it("an authorised payment becomes a confirmed order and is captured exactly once", async () => {
    fake.authorize(intentId);
    const res = await finalize(intentId);
    expect(res.status).toBe(201);
    orderNumber = res.json.orderNumber;
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber }, include: { items: true } });
    expect(order).toMatchObject({ status: "confirmed", email: "sess_main@example.com", shippingService: "USPS_GROUND_ADVANTAGE", stripePaymentIntentId: intentId });
    expect([order.subtotal.toFixed(2), order.shipping.toFixed(2), order.tax.toFixed(2), order.total.toFixed(2)]).toEqual(["48.00", "15.99", "0.00", "63.99"]);
    expect(order.items.map((i) => [i.productId, i.productName, i.quantity, i.price.toFixed(2), i.total.toFixed(2)])).toEqual([[ids["dowel-jig"], "Dowel Jig", 2, "24.00", "48.00"]]);
    expect(fake.intents.get(intentId)).toMatchObject({ status: "succeeded", amount_received: 6399 });
    expect(captureCalls(intentId)).toHaveLength(1);
    expect(await db.prisma.checkout.findUnique({ where: { paymentIntentId: intentId } })).toMatchObject({ status: "completed", orderId: order.id });

    const emails = await db.prisma.emailMessage.findMany({ where: { subject: { contains: orderNumber } }, orderBy: { id: "asc" } });
    expect(emails.map((e) => e.to)).toEqual(["sess_main@example.com", ownerEmail]);
    expect(emails[0].subject).toMatch(/is confirmed/);
    expect(emails[1].subject).toMatch(/^New order/);
  });

  it("replaying POST /api/orders returns the same order without a second capture", async () => {
    const res = await finalize(intentId);
    expect(res.status).toBe(200);
    expect(res.json.orderNumber).toBe(orderNumber);
    expect(captureCalls(intentId)).toHaveLength(1);
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: intentId } })).toBe(1);
    expect(await db.prisma.emailMessage.count({ where: { subject: { contains: orderNumber } } })).toBe(2);
  });

  it("a declined card keeps the checkout open and POST /api/orders reports the card error", async () => {
    const res = await prepare("sess_declined", [["track-saw-square", 1]]);
    const id = res.json.paymentIntentId;
    fake.decline(id, "Your card was declined.");
    const order = await finalize(id);
    expect(order.status).toBe(402);
    expect(order.json.message).toBe("Your card was declined.");
    expect(await db.prisma.checkout.findUnique({ where: { paymentIntentId: id } })).toMatchObject({ status: "open" });
    expect(captureCalls(id)).toHaveLength(0);
  });
});

describe("Stripe webhooks", () => {
  it("payment_intent.amount_capturable_updated creates the order when the browser never came back; a redelivery is ignored", async () => {
    const res = await prepare("sess_webhook", [["maple-nesting-bowls", 1]]);
    const id = res.json.paymentIntentId;
    fake.authorize(id);
    const payload = JSON.stringify(stripeEvent("payment_intent.amount_capturable_updated", id, "evt_fake_authorised_1"));

    const first = await sendWebhook(payload);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true, duplicate: false, handled: true });
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: id } });
    expect(order).toMatchObject({ status: "confirmed", email: "sess_webhook@example.com" });
    expect(order.total.toFixed(2)).toBe("105.49"); // 89.50 + 15.99: not over $100 before shipping
    expect(fake.intents.get(id)!.status).toBe("succeeded");
    expect(await db.prisma.webhookEvent.findUnique({ where: { id: "evt_fake_authorised_1" } })).toMatchObject({ type: "payment_intent.amount_capturable_updated", processedAt: expect.any(Date) });

    const again = await sendWebhook(payload);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ duplicate: true });
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: id } })).toBe(1);
    expect(captureCalls(id)).toHaveLength(1);

    // the browser returning late gets the same order
    const late = await finalize(id);
    expect(late.status).toBe(200);
    expect(late.json.orderNumber).toBe(order.orderNumber);
  });

  it("rejects a payload whose signature was made for a different body, and a missing signature", async () => {
    const events = await db.prisma.webhookEvent.count();
    const signed = JSON.stringify(stripeEvent("payment_intent.canceled", fake.intents.keys().next().value!, "evt_fake_tampered"));
    const signature = signer.webhooks.generateTestHeaderString({ payload: signed, secret: WEBHOOK_SECRET });
    const tampered = await sendWebhook(signed.replace("payment_intent.canceled", "payment_intent.succeeded"), signature);
    expect(tampered.status).toBe(400);
    expect(tampered.json.message).toBe("Invalid webhook signature");

    const wrongSecret = await sendWebhook(signed, signer.webhooks.generateTestHeaderString({ payload: signed, secret: "whsec_other" }));
    expect(wrongSecret.status).toBe(400);

    const missing = await sendWebhook(signed, null);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Missing Stripe-Signature header");
    expect(await db.prisma.webhookEvent.count()).toBe(events);
  });

  it("payment_intent.canceled closes an open checkout, which then cannot become an order", async () => {
    const res = await prepare("sess_cancel", [["dowel-jig", 1]]);
    const id = res.json.paymentIntentId;
    fake.authorize(id);
    // the maker voids the authorisation in the Stripe dashboard
    const dashboard = new Stripe("sk_test_fake", { host: "127.0.0.1", port: fake.port, protocol: "http" });
    expect((await dashboard.paymentIntents.cancel(id)).status).toBe("canceled");
    const hook = await sendWebhook(JSON.stringify(stripeEvent("payment_intent.canceled", id)));
    expect(hook.status).toBe(200);
    expect(hook.json).toMatchObject({ handled: true });
    expect(await db.prisma.checkout.findUnique({ where: { paymentIntentId: id } })).toMatchObject({ status: "cancelled", failureReason: expect.stringMatching(/cancelled/) });

    const order = await finalize(id);
    expect(order.status).toBe(409);
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: id } })).toBe(0);
  });
});

describe("one-of-a-kind pieces", () => {
  it("the second shopper to pay for a sold piece gets 409 and their authorisation is voided, not captured", async () => {
    const first = await prepare("sess_burl_a", [["spalted-burl-bowl", 1]]);
    const second = await prepare("sess_burl_b", [["spalted-burl-bowl", 1]]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(fake.intents.get(first.json.paymentIntentId)!.amount).toBe(32000); // free shipping over $100
    fake.authorize(first.json.paymentIntentId);
    fake.authorize(second.json.paymentIntentId);

    expect((await finalize(first.json.paymentIntentId)).status).toBe(201);
    expect(await db.prisma.product.findUnique({ where: { slug: "spalted-burl-bowl" } })).toMatchObject({ sold: true });

    const lost = await finalize(second.json.paymentIntentId);
    expect(lost.status).toBe(409);
    expect(lost.json.message).toMatch(/Spalted Burl Bowl.*bought by someone else/);
    expect(fake.intents.get(second.json.paymentIntentId)!.status).toBe("canceled");
    expect(captureCalls(second.json.paymentIntentId)).toHaveLength(0);
    expect(fake.callsTo("POST", `/v1/payment_intents/${second.json.paymentIntentId}/cancel`)).toHaveLength(1);
    expect(await db.prisma.checkout.findUnique({ where: { paymentIntentId: second.json.paymentIntentId } })).toMatchObject({ status: "failed" });
    expect(await db.prisma.order.count({ where: { items: { some: { productId: ids["spalted-burl-bowl"] } } } })).toBe(1);

    // a new attempt for the sold piece is refused before any intent is made
    const intents = fake.intents.size;
    const third = await prepare("sess_burl_c", [["spalted-burl-bowl", 1]]);
    expect(third.status).toBe(409);
    expect(fake.intents.size).toBe(intents);
  });
});
