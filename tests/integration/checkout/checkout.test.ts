import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/** Checkout on the embedded test provider: pricing, tampering, idempotency and the one-of-a-kind race. */
let db: TestDatabase;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
});
afterAll(() => db?.cleanup());

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const contact = { email: "shopper@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };
let session = 0;
const nextSession = () => `sess-${Date.now().toString(36)}-${++session}`;

async function prepare(items: Array<{ slug: string; quantity: number }>, extra: Record<string, unknown> = {}) {
  return call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: nextSession(), items: items.map((i) => ({ productId: ids[i.slug], quantity: i.quantity })), ...contact, shippingAddress: address, ...extra },
  });
}

async function authorize(clientSecret: string, card = CARD_OK) {
  return call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret, card } });
}

const intentRow = (id: string) => db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id } });

describe(`checkout with the test provider on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("prices the cart on the server, ignoring nothing but trusting no client amount", async () => {
    const res = await prepare([{ slug: "dowel-jig", quantity: 2 }]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ provider: "test", subtotal: "48.00", shipping: "15.99", total: "63.99" });
    expect((await intentRow(res.json.paymentIntentId)).amount).toBe(6399);
    const free = await prepare([{ slug: "black-walnut-salad-bowl", quantity: 1 }]);
    expect(free.json).toMatchObject({ subtotal: "145.00", shipping: "0.00", total: "145.00" });
  });

  it("refuses a changed client amount, sold or hidden products and a second unit of a unique piece", async () => {
    const tampered = await prepare([{ slug: "dowel-jig", quantity: 1 }], { amount: 100 });
    expect(tampered.status).toBe(409);
    expect(tampered.json).toMatchObject({ message: "Your cart total has changed. Please review your order before paying.", total: "39.99" });
    const sold = await prepare([{ slug: "sold-cherry-bowl", quantity: 1 }]);
    expect(sold.status).toBe(409);
    expect(sold.json.unavailable).toEqual([ids["sold-cherry-bowl"]]);
    const hidden = await prepare([{ slug: "retired-jig", quantity: 1 }]);
    expect(hidden.status).toBe(409);
    const twoUnique = await prepare([{ slug: "spalted-burl-bowl", quantity: 2 }]);
    expect(twoUnique.status).toBe(400);
    const noAddress = await call(createIntent, "/api/create-payment-intent", { body: { sessionId: "abc", items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: { line1: "" } } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.json.fields).toMatchObject({ "shippingAddress.line1": "Address is required", "shippingAddress.city": "City is required" });
    const count = await db.prisma.testPaymentIntent.count({ where: { amount: 100 } });
    expect(count).toBe(0);
  });

  it("ships within the United States only: a Canadian address gets 400 and creates no checkout or payment intent", async () => {
    const sessionId = nextSession();
    const intentsBefore = await db.prisma.testPaymentIntent.count();
    const res = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity: 1 }], ...contact, shippingAddress: { ...address, state: "ON", postalCode: "M5V 2T6", country: "CA" } },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ "shippingAddress.country": "We currently ship within the United States only" });
    expect(await db.prisma.checkout.count({ where: { sessionId } })).toBe(0);
    expect(await db.prisma.testPaymentIntent.count()).toBe(intentsBefore);
    // The same address in lower case, and with a blank or null line 2, is the form's US address and is accepted.
    const us = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: { ...address, country: "us", line2: null } },
    });
    expect(us.status).toBe(200);
    const stored = await db.prisma.checkout.findFirstOrThrow({ where: { sessionId } });
    expect(stored.shippingAddress).toMatchObject({ country: "US", line1: "12 Elm Street" });
  });

  it("keeps one checkout and one intent per session, updating the amount", async () => {
    const sessionId = nextSession();
    const first = await call(createIntent, "/api/create-payment-intent", { body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address } });
    const second = await call(createIntent, "/api/create-payment-intent", { body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity: 3 }], shippingAddress: address } });
    expect(second.json.paymentIntentId).toBe(first.json.paymentIntentId);
    expect(second.json.checkoutId).toBe(first.json.checkoutId);
    expect((await intentRow(first.json.paymentIntentId)).amount).toBe(7200 + 1599);
    expect(await db.prisma.checkout.count({ where: { sessionId } })).toBe(1);
  });

  it("declines Stripe's decline test cards and validates card details inline", async () => {
    const { json } = await prepare([{ slug: "dowel-jig", quantity: 1 }]);
    const declined = await authorize(json.clientSecret, { ...CARD_OK, number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe("Your card was declined.");
    const poor = await authorize(json.clientSecret, { ...CARD_OK, number: "4000000000009995" });
    expect(poor.json.message).toBe("Your card has insufficient funds.");
    const badNumber = await authorize(json.clientSecret, { ...CARD_OK, number: "4242 4242 4242 4241" });
    expect(badNumber.status).toBe(400);
    expect(badNumber.json.fields.number).toBe("Your card number is invalid.");
    const past = await authorize(json.clientSecret, { ...CARD_OK, expYear: "20" });
    expect(past.json.fields.expiry).toBe("Your card's expiration date is in the past.");
    const shortCvc = await authorize(json.clientSecret, { ...CARD_OK, cvc: "12" });
    expect(shortCvc.json.fields.cvc).toBe("Your card's security code is incomplete.");
    // nothing authorised → no order
    const order = await call(postOrder, "/api/orders", { body: { paymentIntentId: json.paymentIntentId } });
    expect(order.status).toBe(402);
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: json.paymentIntentId } })).toBe(0);
  });

  it("finalises an authorised payment into one order, captures it, emails both sides, and replays idempotently", async () => {
    const sessionId = nextSession();
    await db.prisma.cartItem.create({ data: { sessionId, productId: ids["dowel-jig"], quantity: 2 } });
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: {
        sessionId,
        items: [
          { productId: ids["dowel-jig"], quantity: 2 },
          { productId: ids["spalted-burl-bowl"], quantity: 1 },
        ],
        shippingAddress: address,
        newsletter: true,
      },
    });
    expect(prepared.json.total).toBe("368.00");
    expect((await authorize(prepared.json.clientSecret)).status).toBe(200);
    const res = await call(postOrder, "/api/orders", {
      body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret, ...contact, newsletter: true, total: "1.00" },
    });
    expect(res.status).toBe(201);
    expect(res.json.orderNumber).toMatch(/^ORD-\d{13}-\d+$/);
    expect(res.json.order).toMatchObject({
      status: "confirmed",
      subtotal: "368.00",
      shipping: "0.00",
      tax: "0.00",
      total: "368.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      email: "shopper@example.com",
    });
    expect(res.json.order.billingAddress).toEqual(res.json.order.shippingAddress);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: res.json.orderNumber }, include: { items: true, customer: true } });
    expect(order.items.map((i) => [i.productName, i.quantity, i.total.toFixed(2)])).toEqual([
      ["Dowel Jig", 2, "48.00"],
      ["Spalted Burl Bowl", 1, "320.00"],
    ]);
    expect(order.customer).toMatchObject({ email: "shopper@example.com", firstName: "Robin", newsletterSubscribed: true });
    // Consent given with the purchase: confirmed at once, recorded with the order.
    const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: "shopper@example.com" } });
    expect(subscriber).toMatchObject({ status: "confirmed", source: "checkout", consentMethod: `checkout opt-in: box ticked when placing an order (${res.json.orderNumber})` });
    expect(order.customer!.newsletterSubscribedAt).toEqual(subscriber.consentAt);
    expect((await intentRow(prepared.json.paymentIntentId)).status).toBe("succeeded");
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: ids["spalted-burl-bowl"] } })).sold).toBe(true);
    expect(await db.prisma.cartItem.count({ where: { sessionId } })).toBe(0);
    const emails = await db.prisma.emailMessage.findMany({ where: { subject: { contains: res.json.orderNumber } } });
    expect(emails.map((e) => e.to).sort()).toEqual(["hello@maplemicron.com", "shopper@example.com"]);
    expect(emails.find((e) => e.to === "shopper@example.com")!.text).toContain("Total: $368.00");

    const replay = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret } });
    expect(replay.status).toBe(200);
    expect(replay.json.orderNumber).toBe(res.json.orderNumber);
    expect(replay.json.order.email).toBe("shopper@example.com");
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } })).toBe(1);
  });

  it("a replay without the intent's client secret returns only the order number, never the shopper's details", async () => {
    const prepared = await prepare([{ slug: "dowel-jig", quantity: 1 }]);
    await authorize(prepared.json.clientSecret);
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret, ...contact } });
    expect(placed.status).toBe(201);
    for (const clientSecret of [undefined, "pi_wrong_secret_0000000000", `${prepared.json.clientSecret}x`]) {
      const replay = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, ...(clientSecret ? { clientSecret } : {}) } });
      expect(replay.status).toBe(200);
      expect(replay.json).toEqual({ orderNumber: placed.json.orderNumber });
      expect(JSON.stringify(replay.json)).not.toContain("shopper@example.com");
    }
  });

  it("contact details of an open checkout change only with the client secret; the order still completes from the intent", async () => {
    const prepared = await prepare([{ slug: "dowel-jig", quantity: 1 }], contact);
    await authorize(prepared.json.clientSecret);
    const hijack = { paymentIntentId: prepared.json.paymentIntentId, email: "attacker@example.com", firstName: "Mallory", lastName: "Evil", phone: "555-0000" };
    const res = await call(postOrder, "/api/orders", { body: hijack });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ orderNumber: expect.stringMatching(/^ORD-/) });
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: res.json.orderNumber } });
    expect(order).toMatchObject({ email: "shopper@example.com", firstName: "Robin" });
    expect(await db.prisma.emailMessage.count({ where: { to: "attacker@example.com" } })).toBe(0);
  });

  it("refuses and voids when a price changed in the database between intent and finalise", async () => {
    const prepared = await prepare([{ slug: "track-saw-square", quantity: 1 }]);
    await authorize(prepared.json.clientSecret);
    await db.prisma.product.update({ where: { id: ids["track-saw-square"] }, data: { price: "64.99" } });
    const res = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("Prices changed");
    expect((await intentRow(prepared.json.paymentIntentId)).status).toBe("canceled");
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } })).toBe(0);
    await db.prisma.product.update({ where: { id: ids["track-saw-square"] }, data: { price: "59.99" } });
  });

  it("refuses and voids when a product was withdrawn, or the authorised amount does not match", async () => {
    const withdrawn = await prepare([{ slug: "maple-nesting-bowls", quantity: 1 }]);
    await authorize(withdrawn.json.clientSecret);
    await db.prisma.product.update({ where: { id: ids["maple-nesting-bowls"] }, data: { active: false } });
    const res = await call(postOrder, "/api/orders", { body: { paymentIntentId: withdrawn.json.paymentIntentId } });
    expect(res.status).toBe(409);
    expect((await intentRow(withdrawn.json.paymentIntentId)).status).toBe("canceled");
    await db.prisma.product.update({ where: { id: ids["maple-nesting-bowls"] }, data: { active: true } });

    const altered = await prepare([{ slug: "maple-nesting-bowls", quantity: 1 }]);
    await authorize(altered.json.clientSecret);
    await db.prisma.testPaymentIntent.update({ where: { id: altered.json.paymentIntentId }, data: { amount: 100 } });
    const mismatch = await call(postOrder, "/api/orders", { body: { paymentIntentId: altered.json.paymentIntentId } });
    expect(mismatch.status).toBe(409);
    expect((await intentRow(altered.json.paymentIntentId)).status).toBe("canceled");
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: { in: [withdrawn.json.paymentIntentId, altered.json.paymentIntentId] } } })).toBe(0);
  });

  it("sells a one-of-a-kind piece exactly once when 20 shoppers pay for it at the same moment", async () => {
    const piece = await db.prisma.product.create({
      data: {
        name: "Race Bowl",
        slug: "race-bowl",
        description: "One of a kind.",
        price: "150.00",
        categoryId: (await db.prisma.category.findFirstOrThrow({ where: { slug: "wood-bowls" } })).id,
        uniqueItem: true,
      },
    });
    const prepared = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(createIntent, "/api/create-payment-intent", {
        body: { sessionId: `race-${i}`, items: [{ productId: piece.id, quantity: 1 }], ...contact, email: `racer${i}@example.com`, shippingAddress: address },
      });
      expect(res.status).toBe(200);
      expect((await authorize(res.json.clientSecret)).status).toBe(200);
      prepared.push(res.json.paymentIntentId as string);
    }
    const results = await Promise.all(prepared.map((paymentIntentId) => call(postOrder, "/api/orders", { body: { paymentIntentId } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.json.message).toBe("Sorry, “Race Bowl” was just bought by someone else. Your card has not been charged.");
    const intents = await db.prisma.testPaymentIntent.findMany({ where: { id: { in: prepared } } });
    expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(1);
    expect(intents.filter((i) => i.status === "canceled")).toHaveLength(19);
    expect(await db.prisma.orderItem.count({ where: { productId: piece.id } })).toBe(1);
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: piece.id } })).sold).toBe(true);
    expect(await db.prisma.checkout.count({ where: { paymentIntentId: { in: prepared }, status: "failed" } })).toBe(19);
  });

  it("gives orders landing in the same millisecond distinct numbers", async () => {
    const prepared = [];
    for (let i = 0; i < 5; i++) {
      const res = await prepare([{ slug: "dowel-jig", quantity: 1 }]);
      await authorize(res.json.clientSecret);
      prepared.push(res.json.paymentIntentId);
    }
    const spy = jest.spyOn(Date, "now").mockReturnValue(1_790_000_000_000);
    const realDate = global.Date;
    try {
      const results = await Promise.all(prepared.map((paymentIntentId) => call(postOrder, "/api/orders", { body: { paymentIntentId } })));
      expect(results.every((r) => r.status === 201)).toBe(true);
      expect(new Set(results.map((r) => r.json.orderNumber)).size).toBe(5);
    } finally {
      spy.mockRestore();
      global.Date = realDate;
    }
  });
});
