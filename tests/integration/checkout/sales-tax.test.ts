/**
 * Sales tax in `flat` mode through the real checkout routes on the test provider:
 * TAX_RATE % of the merchandise after the discount on orders shipped to TAX_HOME_STATE, nothing
 * elsewhere; the payment authorises the total with the tax; the order records its tax, its tax
 * lines and each line's part, and a line refund returns the line's tax too.
 */
import type { TestDatabase } from "@/tests/helpers/test-db";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase } from "@/tests/helpers/test-db";

type Handler = Parameters<typeof call>[0];
const TAX_ENV = { TAX_MODE: "flat", TAX_HOME_STATE: "OR", TAX_RATE: "6.5" };
const saved = Object.fromEntries(Object.keys(TAX_ENV).map((k) => [k, process.env[k]]));

let db: TestDatabase;
let routes: { createIntent: Handler; orders: Handler; confirm: Handler; refund: Handler };
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  Object.assign(process.env, TAX_ENV); // before any app module reads the configuration
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const jigs = await db.prisma.category.findUniqueOrThrow({ where: { slug: "jigs" } });
  await db.prisma.product.create({ data: { name: "Gift card $50", slug: "gift-card-50", description: "A gift card.", price: "50.00", categoryId: jigs.id, giftCard: true } });
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await (await import("@/lib/auth/session-service")).issueApiToken(admin)}` };
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    confirm: (await import("@/app/api/payments/test/confirm/route")).POST as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
  };
});

afterAll(async () => {
  await db?.cleanup();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const OREGON = { line1: "12 Elm Street", city: "Portland", state: "OR", postalCode: "97201", country: "US" };
const WASHINGTON = { line1: "400 Pine Street", city: "Seattle", state: "WA", postalCode: "98101", country: "US" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };
let session = 0;

function prepare(items: Array<[slug: string, quantity: number]>, shippingAddress: Record<string, string>, extra: Record<string, unknown> = {}) {
  return call(routes.createIntent, "/api/create-payment-intent", {
    body: {
      sessionId: `sess-tax-${++session}`,
      items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })),
      email: "shopper@example.com",
      firstName: "Robin",
      lastName: "Ash",
      shippingAddress,
      ...extra,
    },
  });
}

/** Prepared → the test card authorises the card amount → POST /api/orders: the order as stored. */
async function placeOrder(prepared: { json: { clientSecret: string; paymentIntentId: string } }) {
  expect((await call(routes.confirm, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
  const res = await call(routes.orders, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
  expect(res.status).toBe(201);
  return db.prisma.order.findUniqueOrThrow({ where: { orderNumber: res.json.orderNumber }, include: { items: { orderBy: { id: "asc" } } } });
}

const money = (d: { toFixed(n: number): string }) => d.toFixed(2);

describe(`flat sales tax (6.5 % in OR) on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let taxedOrderId: number;

  it("an order shipped to the home state pays the rate on its merchandise; the card authorises the total with it and the order records it", async () => {
    // 2 × 24.00 + 59.99 = 107.99: free shipping; 6.5 % = 7.019… → 7.02, shared 3.12 / 3.90 in proportion.
    const prepared = await prepare(
      [
        ["dowel-jig", 2],
        ["track-saw-square", 1],
      ],
      OREGON,
      { amount: 10799 },
    );
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({
      subtotal: "107.99",
      shipping: "0.00",
      tax: "7.02",
      total: "115.01",
      cardAmount: "115.01",
      taxLines: [{ jurisdiction: "Oregon (OR)", rate: "6.5", taxable: "107.99", amount: "7.02" }],
    });
    expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: prepared.json.paymentIntentId } })).amount).toBe(11501);

    const order = await placeOrder(prepared);
    taxedOrderId = order.id;
    expect([money(order.subtotal), money(order.shipping), money(order.tax), money(order.total)]).toEqual(["107.99", "0.00", "7.02", "115.01"]);
    expect(order).toMatchObject({ taxMode: "flat", taxLines: [{ jurisdiction: "Oregon (OR)", rate: "6.5", taxable: "107.99", amount: "7.02" }], taxCalculationId: null });
    expect(order.items.map((i) => [i.productName, money(i.tax)])).toEqual([
      ["Dowel Jig", "3.12"],
      ["Track Saw Square", "3.90"],
    ]);
    expect(await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: prepared.json.paymentIntentId } })).toMatchObject({ status: "succeeded", amount: 11501 });
  });

  it("the same cart shipped to another state pays no tax", async () => {
    const prepared = await prepare(
      [
        ["dowel-jig", 2],
        ["track-saw-square", 1],
      ],
      WASHINGTON,
      { amount: 10799 },
    );
    expect(prepared.json).toMatchObject({ tax: "0.00", total: "107.99", cardAmount: "107.99", taxLines: [] });
    const order = await placeOrder(prepared);
    expect([money(order.tax), money(order.total)]).toEqual(["0.00", "107.99"]);
    expect(order).toMatchObject({ taxMode: "flat", taxLines: [] });
    expect(order.items.map((i) => money(i.tax))).toEqual(["0.00", "0.00"]);
  });

  it("reads the home state written as its name, in any case", async () => {
    const prepared = await prepare([["dowel-jig", 1]], { ...OREGON, state: "oregon" });
    // 24.00 + 15.99 shipping (not taxed); 6.5 % of 24.00 = 1.56
    expect(prepared.json).toMatchObject({ subtotal: "24.00", shipping: "15.99", tax: "1.56", total: "41.55" });
  });

  it("the client's amount is the total before tax (spec §7): one with the tax in it is refused with 409 and nothing is prepared", async () => {
    const checkouts = await db.prisma.checkout.count();
    const res = await prepare(
      [
        ["dowel-jig", 2],
        ["track-saw-square", 1],
      ],
      OREGON,
      { amount: 11501 },
    );
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: "Your cart total has changed. Please review your order before paying.", total: "107.99" });
    expect(await db.prisma.checkout.count()).toBe(checkouts);
  });

  it("a state that is no US state is a 400 naming the field, and nothing is prepared", async () => {
    const checkouts = await db.prisma.checkout.count();
    for (const state of ["Xanadu", "O R", "Ore"]) {
      const res = await prepare([["dowel-jig", 1]], { ...OREGON, state });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: "Enter the state as its 2-letter code (e.g. OR) or its name.", fields: { "shippingAddress.state": "Enter a US state, e.g. OR" } });
    }
    expect(await db.prisma.checkout.count()).toBe(checkouts);
  });

  it("taxes the merchandise after the discount code", async () => {
    await db.prisma.discountCode.create({ data: { code: "TENOFF", kind: "percentage", percentOff: 10 } as never });
    // 48.00 - 4.80 = 43.20 taxed: 2.808 → 2.81; + 15.99 shipping = 62.00
    const prepared = await prepare([["dowel-jig", 2]], OREGON, { discountCode: "TENOFF", amount: 4800 + 1599 - 480 });
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ subtotal: "48.00", discount: "4.80", tax: "2.81", total: "62.00", taxLines: [{ taxable: "43.20", amount: "2.81" }] });
    const order = await placeOrder(prepared);
    expect([money(order.discount), money(order.tax), money(order.total)]).toEqual(["4.80", "2.81", "62.00"]);
  });

  it("does not tax a gift card bought", async () => {
    // 24.00 taxed (1.56), the 50.00 gift card not; 74.00 + 15.99 shipping + 1.56 = 91.55
    const prepared = await prepare(
      [
        ["dowel-jig", 1],
        ["gift-card-50", 1],
      ],
      OREGON,
    );
    expect(prepared.json).toMatchObject({ subtotal: "74.00", tax: "1.56", total: "91.55", taxLines: [{ taxable: "24.00", amount: "1.56" }] });
  });

  it("a line refund returns the line's tax with it; refunding the rest returns the rest of the tax", async () => {
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: taxedOrderId }, include: { items: { orderBy: { id: "asc" } } } });
    const square = order.items.find((i) => i.productName === "Track Saw Square")!;
    const line = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { lineIds: [square.id], reason: "Arrived bent" }, params: { id: String(order.id) }, headers: auth });
    expect(line.status).toBe(200);
    expect(line.json.refund.amount).toBe("63.89"); // 59.99 + 3.90 tax
    // The admin API's order shows the tax by jurisdiction and each line's part.
    expect(line.json.order).toMatchObject({ tax: "7.02", taxLines: [{ jurisdiction: "Oregon (OR)", rate: "6.5", amount: "7.02" }], items: [{ tax: "3.12" }, { tax: "3.90", refunded: true }] });
    const rest = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { reason: "Changed mind" }, params: { id: String(order.id) }, headers: auth });
    expect(rest.json.refund.amount).toBe("51.12"); // 48.00 + 3.12 tax
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("115.01");
  });
});
