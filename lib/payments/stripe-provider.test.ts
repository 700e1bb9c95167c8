import Stripe from "stripe";
import { createStripeProvider } from "@/lib/payments/stripe-provider";
import type { PaymentProvider } from "@/lib/payments/types";
import { parseStripeForm, startFakeStripe, type FakeStripe } from "@/tests/helpers/fake-stripe";

/** The real `stripe` SDK against the local fake Stripe API (tests/helpers/fake-stripe.ts). */
let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: "sk_test_fake", host: "127.0.0.1", port: fake.port, protocol: "http" });
});
afterAll(() => fake?.close());

const create = (amount: number, key: string, metadata: Record<string, string> = { sessionId: "sess_1" }) => provider.createIntent({ amount, currency: "usd", metadata, idempotencyKey: key });

describe("parseStripeForm", () => {
  it("turns bracket keys into nested objects", () => {
    expect(parseStripeForm("amount=1234&currency=usd&automatic_payment_methods[enabled]=true&metadata%5BsessionId%5D=abc&a[b][c]=x%20y")).toEqual({
      amount: "1234",
      currency: "usd",
      automatic_payment_methods: { enabled: "true" },
      metadata: { sessionId: "abc" },
      a: { b: { c: "x y" } },
    });
  });
});

describe("Stripe provider (real SDK, fake Stripe API)", () => {
  it("createIntent sends an authorise-only intent with automatic payment methods, metadata and the idempotency key", async () => {
    const intent = await create(6399, "checkout-create-1", { sessionId: "sess_1", checkoutId: "7" });
    expect(intent.id).toMatch(/^pi_fake_/);
    expect(intent).toMatchObject({ amount: 6399, currency: "usd", status: "requires_payment_method", metadata: { sessionId: "sess_1", checkoutId: "7" }, lastError: null });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const [request] = fake.callsTo("POST", "/v1/payment_intents");
    expect(request.idempotencyKey).toBe("checkout-create-1");
    expect(request.body).toEqual({
      amount: "6399",
      currency: "usd",
      capture_method: "manual",
      automatic_payment_methods: { enabled: "true" },
      metadata: { sessionId: "sess_1", checkoutId: "7" },
    });
    expect(fake.intents.get(intent.id)).toMatchObject({ capture_method: "manual", automatic_payment_methods: { enabled: true } });
  });

  it("the same idempotency key returns the same intent; a new key makes a new one", async () => {
    const before = fake.intents.size;
    const a = await create(1500, "checkout-same");
    const b = await create(1500, "checkout-same");
    expect(b.id).toBe(a.id);
    expect(b.clientSecret).toBe(a.clientSecret);
    expect(fake.intents.size).toBe(before + 1);
    expect(fake.callsTo("POST", "/v1/payment_intents").filter((c) => c.idempotencyKey === "checkout-same")).toHaveLength(2);
    const c = await create(1500, "checkout-other");
    expect(c.id).not.toBe(a.id);
  });

  it("updateIntent changes the amount and metadata of an unconfirmed intent", async () => {
    const intent = await create(2400, "checkout-update");
    const updated = await provider.updateIntent(intent.id, { amount: 4800, metadata: { sessionId: "sess_1", checkoutId: "9" } });
    expect(updated).toMatchObject({ id: intent.id, amount: 4800, metadata: { sessionId: "sess_1", checkoutId: "9" } });
    expect(fake.intents.get(intent.id)?.amount).toBe(4800);
    const [request] = fake.callsTo("POST", `/v1/payment_intents/${intent.id}`);
    expect(request.body).toEqual({ amount: "4800", metadata: { sessionId: "sess_1", checkoutId: "9" } });
  });

  it("updateIntent is refused once the card is authorised: the SDK throws Stripe's error", async () => {
    const intent = await create(2400, "checkout-update-refused");
    fake.authorize(intent.id);
    const error = await provider.updateIntent(intent.id, { amount: 9999, metadata: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expect(fake.intents.get(intent.id)).toMatchObject({ amount: 2400, status: "requires_capture" });
  });

  it("retrieveIntent reports status and the last card error", async () => {
    const intent = await create(1000, "checkout-retrieve");
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({ id: intent.id, amount: 1000, status: "requires_payment_method", lastError: null });
    fake.decline(intent.id, "Your card has insufficient funds.");
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({ status: "requires_payment_method", lastError: "Your card has insufficient funds." });
    fake.authorize(intent.id);
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({ status: "requires_capture", lastError: null });
  });

  it("retrieveIntent of an unknown id throws a 404 Stripe error", async () => {
    await expect(provider.retrieveIntent("pi_fake_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("captureIntent captures an authorised intent (with its idempotency key) and refuses an unauthorised one", async () => {
    const pending = await create(3000, "checkout-capture-early");
    await expect(provider.captureIntent(pending.id, "capture-early")).rejects.toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });

    const intent = await create(3000, "checkout-capture");
    fake.authorize(intent.id);
    const captured = await provider.captureIntent(intent.id, "capture-1");
    expect(captured).toMatchObject({ id: intent.id, status: "succeeded", amount: 3000 });
    expect(fake.intents.get(intent.id)).toMatchObject({ status: "succeeded", amount_received: 3000, amount_capturable: 0 });
    expect(fake.callsTo("POST", `/v1/payment_intents/${intent.id}/capture`).map((c) => c.idempotencyKey)).toEqual(["capture-1"]);
    // replaying the same key returns the stored result instead of failing on the now-succeeded intent
    expect(await provider.captureIntent(intent.id, "capture-1")).toMatchObject({ status: "succeeded" });
  });

  it("cancelIntent voids an authorisation, and cannot cancel a captured payment", async () => {
    const intent = await create(3000, "checkout-cancel");
    fake.authorize(intent.id);
    expect(await provider.cancelIntent(intent.id, "cancel-1")).toMatchObject({ id: intent.id, status: "canceled" });
    expect(fake.intents.get(intent.id)?.status).toBe("canceled");

    const paid = await create(3000, "checkout-cancel-paid");
    fake.authorize(paid.id);
    await provider.captureIntent(paid.id, "capture-paid");
    await expect(provider.cancelIntent(paid.id, "cancel-paid")).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(fake.intents.get(paid.id)?.status).toBe("succeeded");
  });

  it("surfaces a server-side Stripe error without retrying", async () => {
    const intent = await create(3000, "checkout-api-error");
    fake.authorize(intent.id);
    fake.setNextError({ status: 500, type: "api_error", message: "Something went wrong on Stripe's end." }, { path: /\/capture$/ });
    await expect(provider.captureIntent(intent.id, "capture-api-error")).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake.callsTo("POST", `/v1/payment_intents/${intent.id}/capture`)).toHaveLength(1);
    expect(fake.intents.get(intent.id)?.status).toBe("requires_capture");
  });
});
