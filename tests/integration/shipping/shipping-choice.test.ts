import { jest } from "@jest/globals";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { PUT as putPickup } from "@/app/api/admin/shipping/pickup/route";
import { PUT as putZone } from "@/app/api/admin/shipping/zones/[code]/route";
import { GET as getFreeShipping } from "@/app/api/shipping/free-shipping/route";
import { POST as postRates } from "@/app/api/shipping/rates/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { rateCode } from "@/lib/shipping/services";
import { FAKE_EASYPOST_KEY, fakeRates, startFakeEasyPost, type FakeEasyPost } from "@/tests/helpers/fake-easypost";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The shopper's choice of delivery at checkout, against a local fake of EasyPost's HTTP API
 * (tests/helpers/fake-easypost.ts, through the real `@easypost/api` SDK): POST /api/shipping/rates
 * offers the carrier's cheapest few rates for the cart's parcel and the full address (and local pickup
 * when the maker offers it); the payment request names one, which the server quotes again — a tampered
 * amount, an unknown rate or absurd input is refused and nothing is written; the order records the
 * chosen service and price, and its statement names them.
 */
let db: TestDatabase;
let fake: FakeEasyPost;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  fake = await startFakeEasyPost();
  Object.assign(env, { EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_API_URL: fake.baseUrl, EASYPOST_TIMEOUT_MS: 500 });
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  const make = (slug: string, name: string, price: string, extra: Record<string, unknown>) =>
    db.prisma.product.create({ data: { slug, name, price, description: slug, categoryId: categories.jigs.id, ...extra } });
  await make("walnut-bench", "Walnut Bench", "450.00", { weightGrams: 14_000, lengthMm: 1250, widthMm: 420, heightMm: 500 });
  await make("printed-gauge", "Printed Gauge", "12.00", { weightGrams: 40, lengthMm: 160, widthMm: 80, heightMm: 30 });
  await make("oak-table", "Oak Table", "900.00", { weightGrams: 60_000, freightPrice: "180.00" });
  await make("cedar-shed", "Cedar Shed", "2400.00", { contactForDelivery: true });
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
  const live = {
    ships: true,
    method: "live",
    flatRate: "15.99",
    freeOver: null,
    rateTable: [
      { upToGrams: 500, rate: "6.50" },
      { upToGrams: null, rate: "48.00" },
    ],
  };
  for (const code of ["us", "us_remote"]) expect((await call(putZone, `/api/admin/shipping/zones/${code}`, { method: "PUT", body: live, params: { code }, headers: auth })).status).toBe(200);
});
afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
});
beforeEach(() => {
  fake.delayMs = 0;
  fake.failWith = null;
});

const nextDoor = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const honolulu = { line1: "2424 Kalakaua Ave", city: "Honolulu", state: "HI", postalCode: "96815", country: "US" };
const contact = { email: "shopper@example.com", firstName: "Robin", lastName: "Ash" };
const lines = (items: Array<[string, number]>) => items.map(([slug, quantity]) => ({ productId: ids[slug], quantity }));
const rates = (items: Array<[string, number]>, shippingAddress: Record<string, unknown>) => call(postRates, "/api/shipping/rates", { body: { items: lines(items), shippingAddress } });
let session = 0;
const prepare = (items: Array<[string, number]>, shippingAddress: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call(createIntent, "/api/create-payment-intent", { body: { sessionId: `choice-${++session}`, items: lines(items), ...contact, shippingAddress, ...extra } });
/** The fake's rates, in the order checkout offers them (cheapest first), for `grams` to `zip`. */
const offered = (grams: number, zip: string) =>
  fakeRates(Math.round((grams / 28.349523125) * 10) / 10, zip)
    .sort((a, b) => Number(a.rate) - Number(b.rate))
    .map((r) => ({ id: rateCode(r.carrier, r.service), amount: r.rate, deliveryDays: r.delivery_days }));
const cents = (amount: string) => Math.round(Number(amount) * 100);
const written = async () => ({ checkouts: await db.prisma.checkout.count(), orders: await db.prisma.order.count(), intents: await db.prisma.testPaymentIntent.count() });

async function pay(res: Awaited<ReturnType<typeof prepare>>) {
  expect(res.status).toBe(200);
  await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: res.json.clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" } } });
  const order = await call(postOrder, "/api/orders", { body: { paymentIntentId: res.json.paymentIntentId, clientSecret: res.json.clientSecret, ...contact } });
  expect(order.status).toBe(201);
  return order.json.order;
}

describe("choosing a carrier rate at checkout", () => {
  it("offers a 14 kg bench to Honolulu and a 40 g gauge next door different carrier rates, cheapest first, each with its estimate", async () => {
    const bench = await rates([["walnut-bench", 1]], honolulu);
    const gauge = await rates([["printed-gauge", 1]], nextDoor);
    expect(bench.status).toBe(200);
    expect(gauge.status).toBe(200);
    const shown = (res: typeof bench) => res.json.options.map((o: { id: string; amount: string; deliveryDays: number }) => ({ id: o.id, amount: o.amount, deliveryDays: o.deliveryDays }));
    expect(shown(bench)).toEqual(offered(14_000, "96815"));
    expect(shown(gauge)).toEqual(offered(40, "28801"));
    expect(bench.json.options[0]).toMatchObject({ id: "FEDEX_FEDEX_HOME_DELIVERY", kind: "ship", label: "FedEx Home Delivery", estimate: "Estimated 5 business days", fallback: false });
    expect(gauge.json.options[0]).toMatchObject({ id: "USPS_GROUND_ADVANTAGE", label: "USPS Ground Advantage", estimate: "Estimated 3 business days" });
    // The bench to Hawaii costs many times the gauge next door, whichever service is chosen.
    expect(cents(bench.json.options[0].amount)).toBeGreaterThan(cents(gauge.json.options.at(-1).amount) * 10);
    expect(bench.json).toMatchObject({ freeOver: null, pickup: null, notice: null, freight: null });
  });

  it("charges the rate the shopper chose (not the cheapest), and the order and its statement record that service and price", async () => {
    const [cheapest, chosen] = offered(40, "28801");
    expect(chosen.id).toBe("UPS_GROUND");
    const res = await prepare([["printed-gauge", 1]], nextDoor, { shippingRate: chosen.id, amount: 12_00 + cents(chosen.amount) });
    expect(res.json).toMatchObject({ subtotal: "12.00", shipping: chosen.amount });
    expect(chosen.amount).not.toBe(cheapest.amount);
    const order = await pay(res);
    expect(order).toMatchObject({ shipping: chosen.amount, shippingService: "UPS_GROUND" });
    expect(order.statement).toContainEqual(expect.objectContaining({ key: "shipping", label: "Shipping (UPS Ground)", text: `$${chosen.amount}` }));
    const stored = await db.prisma.order.findFirstOrThrow({ where: { orderNumber: order.orderNumber } });
    expect([stored.shippingService, stored.shipping.toFixed(2)]).toEqual(["UPS_GROUND", chosen.amount]);
  });

  it("refuses a tampered amount (409 naming the server's figure) and a rate that is not offered (400); nothing is written", async () => {
    const [cheapest, ups] = offered(14_000, "28801");
    const before = await written();
    // The browser claims the cheapest rate's price for the dearer service.
    const tampered = await prepare([["walnut-bench", 1]], nextDoor, { shippingRate: ups.id, amount: 450_00 + cents(cheapest.amount) });
    expect(tampered.status).toBe(409);
    expect(tampered.json).toMatchObject({ shipping: ups.amount, total: (450 + Number(ups.amount)).toFixed(2) });
    const cases: Array<[string, Record<string, unknown>, string, string | RegExp]> = [
      [
        "a rate the carrier does not offer",
        { shippingRate: "DHL_EXPRESS_WORLDWIDE" },
        "shippingRate",
        "That shipping option is not offered for this address and cart: choose one of the options shown.",
      ],
      ["pickup the maker does not offer", { shippingMethod: "pickup", shippingRate: "LOCAL_PICKUP" }, "shippingMethod", "Local pickup is not offered"],
      ["pickup named as a carrier rate", { shippingRate: "LOCAL_PICKUP" }, "shippingRate", /not offered for this address/],
      ["a lower-case code", { shippingRate: "ups_ground" }, "shippingRate", "shippingRate is not a shipping option we offer"],
      ["an absurdly long code", { shippingRate: "U".repeat(5_000) }, "shippingRate", "shippingRate is not a shipping option we offer"],
      ["a code that is not a string", { shippingRate: { $ne: null } }, "shippingRate", "shippingRate must be a shipping option's id"],
      ["an unknown method", { shippingMethod: "drone" }, "shippingMethod", "shippingMethod is ship or pickup"],
      ["a negative amount", { amount: -1 }, "amount", /./],
    ];
    for (const [what, extra, field, message] of cases) {
      const res = await prepare([["walnut-bench", 1]], nextDoor, extra);
      expect([what, res.status]).toEqual([what, 400]);
      expect(res.json.fields?.[field]).toMatch(message);
    }
    const nul = await prepare([["walnut-bench", 1]], nextDoor, { shippingRate: "UPS_GROUND\u0000" });
    expect([nul.status, nul.json.message]).toEqual([400, "Request body must not contain NUL characters."]);
    expect(await written()).toEqual(before);
  });

  it("refuses bad input to the rates themselves with a 400 naming the field, before asking the carrier", async () => {
    const asked = fake.requests.length;
    const cases: Array<[string, unknown, string]> = [
      ["no items", { items: [], shippingAddress: nextDoor }, "items"],
      ["an absurd quantity", { items: [{ productId: ids["walnut-bench"], quantity: 1e9 }], shippingAddress: nextDoor }, "items.0.quantity"],
      ["an absurd product id", { items: [{ productId: 1e300, quantity: 1 }], shippingAddress: nextDoor }, "items.0.productId"],
      ["no address", { items: lines([["walnut-bench", 1]]) }, "shippingAddress"],
      ["a line break in the street", { items: lines([["walnut-bench", 1]]), shippingAddress: { ...nextDoor, line1: "12\nElm" } }, "shippingAddress.line1"],
      ["an unknown country", { items: lines([["walnut-bench", 1]]), shippingAddress: { ...nextDoor, country: "XX" } }, "shippingAddress.country"],
    ];
    for (const [what, body, field] of cases) {
      const res = await call(postRates, "/api/shipping/rates", { body });
      expect([what, res.status]).toEqual([what, 400]);
      expect([what, Object.keys(res.json.fields ?? {})]).toEqual([what, expect.arrayContaining([field])]);
    }
    const nul = await rates([["walnut-bench", 1]], { ...nextDoor, city: "Ashe\u0000ville" });
    expect([nul.status, nul.json.message]).toEqual([400, "Request body must not contain NUL characters."]);
    const notJson = await call(postRates, "/api/shipping/rates", { rawBody: "{not json" });
    expect(notJson.status).toBe(400);
    expect(fake.requests.length).toBe(asked);
  });

  it("a carrier that does not answer in time: the zone's table rate is offered and charged (logged), whatever rate was chosen before", async () => {
    const warn = jest.spyOn(log, "warn");
    fake.delayMs = 2_000;
    const res = await rates([["walnut-bench", 1]], nextDoor);
    expect(res.status).toBe(200);
    expect(res.json.options).toEqual([{ id: "USPS_GROUND_ADVANTAGE", kind: "ship", label: "USPS Ground Advantage", amount: "48.00", deliveryDays: null, estimate: null, fallback: true }]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ carrier: "easypost", zone: "us", timedOut: true }), "carrier timed out: charging the zone's table rate");
    // The shopper had picked UPS before the carrier went quiet: the sale goes on at the table rate.
    const paid = await prepare([["walnut-bench", 1]], nextDoor, { shippingRate: "UPS_GROUND", amount: 450_00 + 48_00 });
    expect([paid.status, paid.json.shipping]).toEqual([200, "48.00"]);
    warn.mockRestore();
  });

  it("an address the carrier rejects is a 400 on the address's street, before any payment", async () => {
    fake.failWith = 422;
    const before = await written();
    const res = await rates([["printed-gauge", 1]], { ...nextDoor, line1: "1 Nowhere Lane" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ "shippingAddress.line1": "The carrier cannot deliver to this address: please check the street, city, state and ZIP code." });
    expect(await written()).toEqual(before);
  });

  it("says so when an oversize piece pays its own freight, and offers only pickup for a piece delivered by arrangement", async () => {
    const table = await rates(
      [
        ["oak-table", 1],
        ["printed-gauge", 1],
      ],
      nextDoor,
    );
    expect(table.json.freight).toBe("180.00");
    expect(table.json.options.map((o: { amount: string }) => o.amount)).toEqual(offered(40, "28801").map((r) => (Number(r.amount) + 180).toFixed(2)));
    const shed = await rates([["cedar-shed", 1]], nextDoor);
    expect([shed.status, shed.json.fields]).toEqual([400, { items: "“Cedar Shed” is delivered by arrangement: contact us for delivery, or choose local pickup." }]);
  });
});

describe("local pickup", () => {
  beforeAll(async () => {
    const on = await call(putPickup, "/api/admin/shipping/pickup", {
      method: "PUT",
      headers: auth,
      body: { pickupEnabled: true, pickupAddress: "4 Mill Lane, Asheville NC 28801", pickupHours: "Saturdays 10:00–14:00" },
    });
    expect(on.status).toBe(200);
  });

  it("is a free option showing the workshop's address and hours; chosen, the order records it and charges no shipping", async () => {
    const res = await rates([["walnut-bench", 1]], nextDoor);
    expect(res.json.options.at(-1)).toEqual({ id: "LOCAL_PICKUP", kind: "pickup", label: "Local pickup", amount: "0.00", deliveryDays: null, estimate: null, fallback: false });
    expect(res.json.options.length).toBe(4);
    expect(res.json.pickup).toEqual({ address: "4 Mill Lane, Asheville NC 28801", hours: "Saturdays 10:00–14:00" });
    const order = await pay(await prepare([["walnut-bench", 1]], nextDoor, { shippingMethod: "pickup", shippingRate: "LOCAL_PICKUP", amount: 450_00 }));
    expect(order).toMatchObject({ subtotal: "450.00", shipping: "0.00", total: "450.00", shippingService: "LOCAL_PICKUP" });
    expect(order.statement).toContainEqual(expect.objectContaining({ key: "shipping", label: "Local pickup", text: "Free" }));
  });

  it("is the one option, with the reason, for a piece delivered by arrangement", async () => {
    const shed = await rates([["cedar-shed", 1]], nextDoor);
    expect(shed.status).toBe(200);
    expect(shed.json.options.map((o: { id: string }) => o.id)).toEqual(["LOCAL_PICKUP"]);
    expect(shed.json.notice).toBe("“Cedar Shed” is delivered by arrangement: contact us for delivery, or choose local pickup.");
  });
});

describe("the cart's free-shipping nudge", () => {
  it("names a threshold only when every zone the shop ships to shares it", async () => {
    // These zones never ship free: the cart says nothing.
    expect((await call(getFreeShipping, "/api/shipping/free-shipping")).json).toEqual({ freeOver: null });
    const flat = { ships: true, method: "flat", flatRate: "15.99", freeOver: "150.00", rateTable: [] };
    for (const code of ["us", "us_remote"]) await call(putZone, `/api/admin/shipping/zones/${code}`, { method: "PUT", body: flat, params: { code }, headers: auth });
    expect((await call(getFreeShipping, "/api/shipping/free-shipping")).json).toEqual({ freeOver: "150.00" });
    await call(putZone, "/api/admin/shipping/zones/us_remote", { method: "PUT", body: { ...flat, freeOver: "250.00" }, params: { code: "us_remote" }, headers: auth });
    expect((await call(getFreeShipping, "/api/shipping/free-shipping")).json).toEqual({ freeOver: null });
    // At checkout the zone is known: its own threshold.
    expect((await rates([["printed-gauge", 1]], honolulu)).json.freeOver).toBe("250.00");
  });
});
