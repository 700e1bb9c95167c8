import { spawnSync } from "node:child_process";
import { jest } from "@jest/globals";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { PUT as putZone } from "@/app/api/admin/shipping/zones/[code]/route";
import { PUT as putProduct } from "@/app/api/products/[slug]/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { getAdminProduct } from "@/lib/catalog/service";
import { createEasyPostCarrier } from "@/lib/shipping/carrier";
import { rateCode } from "@/lib/shipping/services";
import { FAKE_EASYPOST_KEY, fakeRates, startFakeEasyPost, type FakeEasyPost } from "@/tests/helpers/fake-easypost";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Live carrier rates: checkout → lib/shipping → the real `@easypost/api` SDK → a local fake of
 * EasyPost's HTTP API (tests/helpers/fake-easypost.ts). A zone set to "live" charges the carrier's cheapest
 * rate for the cart's parcel and the full address; a carrier that is slow or failing is logged and the zone's
 * table rate charged; a piece without a weight never asks the carrier. Only `POST /v2/shipments` (rates) is
 * exercised, and only against the fake: EasyPost itself cannot be reached from here.
 */
let db: TestDatabase;
let fake: FakeEasyPost;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  fake = await startFakeEasyPost();
  // The configuration is validated once, at its first read (the modules above may have read it): set on it as the launcher would have.
  Object.assign(env, { EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_API_URL: fake.baseUrl, EASYPOST_TIMEOUT_MS: 500 });
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  const make = (slug: string, price: string, extra: Record<string, unknown>) =>
    db.prisma.product.create({ data: { slug, name: slug, price, description: slug, categoryId: categories.jigs.id, ...extra } });
  await make("walnut-bench", "450.00", { weightGrams: 14_000, lengthMm: 1250, widthMm: 420, heightMm: 500 });
  await make("printed-gauge", "12.00", { weightGrams: 40, lengthMm: 160, widthMm: 80, heightMm: 30 });
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
  const table = {
    ships: true,
    method: "live",
    flatRate: "15.99",
    freeOver: null,
    rateTable: [
      { upToGrams: 500, rate: "6.50" },
      { upToGrams: 5000, rate: "14.00" },
      { upToGrams: null, rate: "48.00" },
    ],
  };
  expect((await call(putZone, "/api/admin/shipping/zones/us", { method: "PUT", body: table, params: { code: "us" }, headers: auth })).status).toBe(200);
  expect(
    (await call(putZone, "/api/admin/shipping/zones/us_remote", { method: "PUT", body: { ...table, rateTable: [{ upToGrams: null, rate: "99.00" }] }, params: { code: "us_remote" }, headers: auth }))
      .status,
  ).toBe(200);
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
let session = 0;
const prepare = (items: Array<[string, number]>, shippingAddress: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: `live-${++session}`, items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })), ...contact, shippingAddress, ...extra },
  });
/** The fake's cheapest rate, in dollars, for `grams` to `zip`. */
const cheapest = (grams: number, zip: string) => fakeRates(Math.round((grams / 28.349523125) * 10) / 10, zip).sort((a, b) => Number(a.rate) - Number(b.rate))[0];

describe(`live carrier rates against a fake EasyPost on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("rates a 14 kg bench to Honolulu and a 40 g gauge next door differently, from the parcel and the full address", async () => {
    const before = fake.requests.length;
    const bench = await prepare([["walnut-bench", 1]], honolulu);
    const gauge = await prepare([["printed-gauge", 1]], nextDoor);
    const benchRate = cheapest(14_000, "96815");
    const gaugeRate = cheapest(40, "28801");
    expect(bench.json).toMatchObject({ subtotal: "450.00", shipping: benchRate.rate });
    expect(gauge.json).toMatchObject({ subtotal: "12.00", shipping: gaugeRate.rate });
    expect(Number(bench.json.shipping)).toBeGreaterThan(Number(gauge.json.shipping) * 10);
    const [benchAsked, gaugeAsked] = fake.requests.slice(before);
    expect(benchAsked.auth).toBe(FAKE_EASYPOST_KEY);
    expect(benchAsked.body.shipment).toMatchObject({ to_address: { zip: "96815", country: "US" }, from_address: { zip: "28801" }, parcel: { weight: 493.8, length: 49.2 } });
    expect(gaugeAsked.body.shipment?.parcel).toMatchObject({ weight: 1.4 });
    const stored = await db.prisma.checkout.findFirstOrThrow({ where: { id: bench.json.checkoutId } });
    expect(stored.shippingService).toBe(rateCode(benchRate.carrier, benchRate.service));
  });

  it("refuses a tampered amount, and the order records the carrier's service and price", async () => {
    const rate = cheapest(14_000, "28801");
    const total = 450_00 + Math.round(Number(rate.rate) * 100);
    const tampered = await prepare([["walnut-bench", 1]], nextDoor, { amount: 450_00 + 1 });
    expect(tampered.status).toBe(409);
    expect(tampered.json).toMatchObject({ shipping: rate.rate });
    const ok = await prepare([["walnut-bench", 1]], nextDoor, { amount: total });
    expect(ok.status).toBe(200);
    await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: ok.json.clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" } } });
    const order = await call(postOrder, "/api/orders", { body: { paymentIntentId: ok.json.paymentIntentId, clientSecret: ok.json.clientSecret, ...contact } });
    expect(order.status).toBe(201);
    expect(order.json.order).toMatchObject({ shipping: rate.rate, shippingService: rateCode(rate.carrier, rate.service) });
  });

  it("falls back to the zone's table rate when the carrier is too slow or fails, and logs it; the sale goes on", async () => {
    const warn = jest.spyOn(log, "warn");
    fake.delayMs = 2_000;
    const started = Date.now();
    const slow = await prepare([["walnut-bench", 1]], nextDoor);
    expect(Date.now() - started).toBeLessThan(1_900);
    expect([slow.status, slow.json.shipping]).toEqual([200, "48.00"]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ carrier: "easypost", zone: "us", timedOut: true }), "carrier timed out: charging the zone's table rate");
    fake.delayMs = 0;
    fake.failWith = 500;
    const failing = await prepare([["printed-gauge", 1]], honolulu);
    expect([failing.status, failing.json.shipping]).toEqual([200, "99.00"]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ carrier: "easypost", zone: "us_remote", timedOut: false }), "carrier failed: charging the zone's table rate");
    warn.mockRestore();
  });

  it("an address the carrier rejects is a 400 on the address form before any payment", async () => {
    fake.failWith = 422;
    const sessions = await db.prisma.checkout.count();
    const res = await prepare([["printed-gauge", 1]], { ...nextDoor, line1: "1 Nowhere Lane" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ "shippingAddress.line1": "The carrier cannot deliver to this address: please check the street, city, state and ZIP code." });
    expect(await db.prisma.checkout.count()).toBe(sessions);
  });

  it("never asks the carrier for a piece without a weight: it pays the zone's flat rate at least", async () => {
    const before = fake.requests.length;
    const jig = await prepare([["dowel-jig", 1]], nextDoor);
    expect(jig.json.shipping).toBe("15.99");
    const withGauge = await prepare(
      [
        ["dowel-jig", 1],
        ["printed-gauge", 1],
      ],
      nextDoor,
    );
    expect(withGauge.json.shipping).toBe("15.99");
    expect(fake.requests.length).toBe(before);
  });

  it("parcels a variant in its own box and its sibling in the product's dimensions; a box that is not the maker's is refused, naming the variant", async () => {
    const box = await db.prisma.shippingBox.create({ data: { name: "Long box", innerLengthMm: 400, innerWidthMm: 120, innerHeightMm: 80 } });
    const id = ids["printed-gauge"];
    const save = (xlBox: number | null) =>
      call(putProduct, `/api/products/${id}`, {
        method: "PUT",
        params: { slug: String(id) },
        headers: auth,
        body: {
          options: [{ name: "Size", values: ["S", "XL"] }],
          variants: [
            { sku: "PG-S", values: ["S"], price: "12.00", kind: "made_to_order" },
            { sku: "PG-XL", values: ["XL"], price: "12.00", kind: "made_to_order", weightGrams: 900, boxId: xlBox },
          ],
        },
      });
    try {
      expect((await save(box.id)).status).toBe(200);
      const stored = await db.prisma.productVariant.findMany({ where: { productId: id }, orderBy: { sku: "asc" } });
      expect(stored.map((v) => [v.sku, v.boxId])).toEqual([
        ["PG-S", null],
        ["PG-XL", box.id],
      ]);
      // What the product form is loaded with.
      expect((await getAdminProduct(id)).variantPackages).toEqual({ "PG-S": { weightGrams: null, boxId: null }, "PG-XL": { weightGrams: 900, boxId: box.id } });

      const asked = async (sku: string) => {
        const before = fake.requests.length;
        const variantId = stored.find((v) => v.sku === sku)!.id;
        const res = await call(createIntent, "/api/create-payment-intent", {
          body: { sessionId: `live-${++session}`, items: [{ productId: id, variantId, quantity: 1 }], ...contact, shippingAddress: nextDoor },
        });
        expect(res.status).toBe(200);
        return fake.requests.slice(before)[0].body.shipment?.parcel;
      };
      // 400 × 120 × 80 mm is 15.7 × 4.7 × 3.1 in; 900 g is 31.7 oz. The small one: the product's 160 × 80 × 30 mm and 40 g.
      expect(await asked("PG-XL")).toMatchObject({ length: 15.7, width: 4.7, height: 3.1, weight: 31.7 });
      expect(await asked("PG-S")).toMatchObject({ length: 6.3, width: 3.1, height: 1.2, weight: 1.4 });

      const refused = await save(box.id + 1000);
      expect(refused.status).toBe(400);
      expect(refused.json.fields).toEqual({ "variants.1.boxId": "Choose one of your boxes" });
      expect((await db.prisma.productVariant.findFirstOrThrow({ where: { sku: "PG-XL" } })).boxId).toBe(box.id);
      for (const bad of [-1, 1.5, "big", "1\u0000"]) expect((await save(bad as never)).status).toBe(400);

      // The box deleted: the variant ships in the product's dimensions again.
      await db.prisma.shippingBox.delete({ where: { id: box.id } });
      expect((await db.prisma.productVariant.findFirstOrThrow({ where: { sku: "PG-XL" } })).boxId).toBeNull();
      expect(await asked("PG-XL")).toMatchObject({ length: 6.3, weight: 31.7 });
    } finally {
      await db.prisma.productVariant.deleteMany({ where: { productId: id } });
      await db.prisma.product.update({ where: { id }, data: { options: [], price: "12.00" } });
      await db.prisma.shippingBox.deleteMany({ where: { name: "Long box" } });
    }
  });

  it("a wrong key is refused by the carrier: the SDK's 401 reaches the interface's caller (which falls back)", async () => {
    const carrier = createEasyPostCarrier({ apiKey: "EZTKwrongwrongwrongwrongwrong", baseUrl: fake.baseUrl, timeoutMs: 1_000 });
    await expect(carrier.rates({ from: nextDoor, to: honolulu, parcel: { weightGrams: 40 } })).rejects.toThrow(/Invalid API key/);
  });

  it("a malformed EASYPOST_API_KEY stops start-up, naming it (fail closed)", () => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(STRIPE_|NEXT_PUBLIC_STRIPE|PAYMENT_PROVIDER|DATABASE_URL|MM_EMBEDDED|TAX_|EASYPOST_)/.test(k)));
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "dev"], {
      env: { ...clean, DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", PAYMENT_PROVIDER: "test", EASYPOST_API_KEY: "sk_live_not_easypost" } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("EASYPOST_API_KEY: must be an EasyPost API key (EZAK… for production, EZTK… for test)");
  });
});
