import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { PUT as putPackage } from "@/app/api/admin/products/[id]/package/route";
import { GET as getAdminProducts } from "@/app/api/admin/products/route";
import { POST as postProduct } from "@/app/api/products/route";
import { PUT as putProduct } from "@/app/api/products/[slug]/route";
import { GET as getBoxes, POST as postBox } from "@/app/api/admin/shipping/boxes/route";
import { DELETE as deleteBoxRoute } from "@/app/api/admin/shipping/boxes/[id]/route";
import { GET as getZones } from "@/app/api/admin/shipping/zones/route";
import { PUT as putZone } from "@/app/api/admin/shipping/zones/[code]/route";
import { PUT as putPickup } from "@/app/api/admin/shipping/pickup/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { adminProductUpdateSchema } from "@/lib/catalog/admin-schemas";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Shipping through the routes a shopper and the maker use: the spec's $15.99 / free over $100
 * unchanged on a fresh shop, zones with rate tables priced by weight on the server, a piece without a
 * weight never shipped free, bad input refused with a 400 naming the field, every zone change audited.
 */
let db: TestDatabase;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  const make = (slug: string, name: string, price: string, extra: Record<string, unknown> = {}) =>
    db.prisma.product.create({ data: { slug, name, price, description: name, categoryId: categories.jigs.id, ...extra } });
  await make("walnut-bench", "Walnut Bench", "450.00", { weightGrams: 14_000, lengthMm: 1200, widthMm: 400, heightMm: 480 });
  await make("printed-gauge", "Printed Gauge", "12.00", { weightGrams: 40 });
  await make("cherry-spoon", "Cherry Spoon", "25.00", { weightGrams: 60 });
  await make("gift-card-50", "Gift Card $50", "50.00", { giftCard: true });
  await make("oak-table", "Oak Table", "900.00", { weightGrams: 60_000, freightPrice: "180.00" });
  await make("cedar-shed", "Cedar Shed", "2400.00", { contactForDelivery: true });
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
});
afterAll(() => db?.cleanup());

const nextDoor = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const honolulu = { line1: "2424 Kalakaua Ave", city: "Honolulu", state: "HI", postalCode: "96815", country: "US" };
const contact = { email: "shopper@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
let session = 0;
const nextSession = () => `ship-${Date.now().toString(36)}-${++session}`;

function prepare(items: Array<[slug: string, quantity: number]>, shippingAddress: Record<string, unknown> = nextDoor, extra: Record<string, unknown> = {}) {
  return call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: nextSession(), items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })), ...contact, shippingAddress, ...extra },
  });
}
const zone = (code: string, body: unknown) => call(putZone, `/api/admin/shipping/zones/${code}`, { method: "PUT", body, params: { code }, headers: auth });
const pkg = (id: number | string, body: unknown) => call(putPackage, `/api/admin/products/${id}/package`, { method: "PUT", body, params: { id: String(id) }, headers: auth });

const US_TABLE = {
  ships: true,
  method: "table",
  flatRate: "15.99",
  freeOver: null,
  rateTable: [
    { upToGrams: 500, rate: "6.50" },
    { upToGrams: 5000, rate: "14.00" },
    { upToGrams: null, rate: "48.00" },
  ],
};
const REMOTE_TABLE = {
  ships: true,
  method: "table",
  flatRate: "24.00",
  freeOver: null,
  rateTable: [
    { upToGrams: 500, rate: "11.00" },
    { upToGrams: 5000, rate: "29.00" },
    { upToGrams: null, rate: "140.00" },
  ],
};
const SPEC_FLAT = { ships: true, method: "flat", flatRate: "15.99", freeOver: "100.00" };

describe(`shipping on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  describe("a fresh shop (no zone edited)", () => {
    it("charges the spec's flat $15.99, free OVER $100 (exactly $100 pays), the same to Honolulu as next door, whatever the weight", async () => {
      expect((await prepare([["dowel-jig", 1]])).json).toMatchObject({ subtotal: "24.00", shipping: "15.99", total: "39.99" });
      expect((await prepare([["black-walnut-salad-bowl", 1]])).json).toMatchObject({ subtotal: "145.00", shipping: "0.00" });
      // 4 × $25 = exactly $100: still pays; $125 ships free, a 14 kg bench too.
      expect((await prepare([["cherry-spoon", 4]])).json).toMatchObject({ subtotal: "100.00", shipping: "15.99", total: "115.99" });
      expect((await prepare([["cherry-spoon", 5]])).json).toMatchObject({ subtotal: "125.00", shipping: "0.00" });
      expect((await prepare([["walnut-bench", 1]], honolulu)).json).toMatchObject({ subtotal: "450.00", shipping: "0.00" });
      const gauge = await prepare([["printed-gauge", 1]], honolulu);
      const jig = await prepare([["dowel-jig", 1]], honolulu);
      expect([gauge.json.shipping, jig.json.shipping]).toEqual(["15.99", "15.99"]);
      const zones = await call(getZones, "/api/admin/shipping/zones", { headers: auth });
      expect(zones.json.zones.map((z: { code: string; ships: boolean; flatRate: string; freeOver: string | null }) => [z.code, z.ships, z.flatRate, z.freeOver])).toEqual([
        ["us", true, "15.99", "100.00"],
        ["us_remote", true, "15.99", "100.00"],
        ["ca", false, "15.99", "100.00"],
        ["world", false, "15.99", "100.00"],
      ]);
    });

    it("a gift card alone ships nothing; Canada is refused as before", async () => {
      expect((await prepare([["gift-card-50", 1]])).json).toMatchObject({ subtotal: "50.00", shipping: "0.00", total: "50.00" });
      const canada = await prepare([["dowel-jig", 1]], { ...nextDoor, state: "ON", postalCode: "M5V 2T6", country: "CA" });
      expect(canada.status).toBe(400);
      expect(canada.json.fields).toEqual({ "shippingAddress.country": "We currently ship within the United States only" });
    });
  });

  describe("bad input", () => {
    it("refuses unknown countries, NUL bytes and line breaks in the address with a 400 naming the field, and creates no checkout", async () => {
      const before = await db.prisma.checkout.count();
      // A shop shipping within the US only answers any other country as the spec's checkout always has.
      for (const country of ["XX", "USA", "United States of Nowhere", ""]) {
        const res = await prepare([["dowel-jig", 1]], { ...nextDoor, country });
        expect([country, res.status, res.json.fields]).toEqual([country, 400, { "shippingAddress.country": "We currently ship within the United States only" }]);
      }
      const long = await prepare([["dowel-jig", 1]], { ...nextDoor, country: "X".repeat(61) });
      expect(long.json.fields["shippingAddress.country"]).toBe("Country is a two-letter code (e.g. US or CA)");
      for (const field of ["line1", "line2", "city", "state", "postalCode"]) {
        const nul = await prepare([["dowel-jig", 1]], { ...nextDoor, [field]: "12\u0000 Elm" });
        expect([field, nul.status, nul.json.message]).toEqual([field, 400, "Request body must not contain NUL characters."]);
        // Other control characters (a line break, a bell) reach the address rule and are named there.
        for (const control of ["\n", "\u0007", "\u2028"]) {
          const res = await prepare([["dowel-jig", 1]], { ...nextDoor, [field]: `12${control}Elm` });
          expect([field, res.status]).toEqual([field, 400]);
          expect(res.json.fields[`shippingAddress.${field}`]).toBe("Please use one line of text, without control characters");
        }
      }
      const pickupOff = await prepare([["dowel-jig", 1]], nextDoor, { shippingMethod: "pickup" });
      expect(pickupOff.status).toBe(400);
      expect(pickupOff.json.message).toBe("Local pickup is not offered: choose shipping.");
      expect(await db.prisma.checkout.count()).toBe(before);
    });

    it("refuses negative, fractional and absurd weights, a half-given size and an unknown box, naming the field; nothing is written", async () => {
      const id = ids["dowel-jig"];
      const cases: Array<[unknown, string, RegExp]> = [
        [{ weightGrams: -5 }, "weightGrams", /^Weight is a whole number of grams/],
        [{ weightGrams: 0 }, "weightGrams", /^Weight is a whole number of grams/],
        [{ weightGrams: 2.5 }, "weightGrams", /^Weight is a whole number of grams/],
        [{ weightGrams: 5_000_000 }, "weightGrams", /1 tonne/],
        [{ weightGrams: "heavy" }, "weightGrams", /^Weight is/],
        [{ lengthMm: 0, widthMm: 0, heightMm: 0 }, "lengthMm", /^Each side is a whole number of millimetres/],
        [{ lengthMm: 300, widthMm: 200 }, "heightMm", /^Give all three sides/],
        [{ lengthMm: 300, widthMm: 200, heightMm: 90_000 }, "heightMm", /^Each side/],
        [{ boxId: 999_999 }, "boxId", /^Choose one of your boxes/],
        [{ freightPrice: "-10" }, "freightPrice", /^Freight is a price/],
      ];
      for (const [body, field, message] of cases) {
        const res = await pkg(id, body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expect(res.json.fields?.[field]).toMatch(message);
      }
      const row = await db.prisma.product.findUniqueOrThrow({ where: { id } });
      expect([row.weightGrams, row.lengthMm, row.boxId, row.freightPrice]).toEqual([null, null, null, null]);
      const giftCard = await pkg(ids["gift-card-50"], { weightGrams: 100 });
      expect(giftCard.status).toBe(400);
      expect(giftCard.json.message).toBe("A gift card is emailed: it has no weight, package or freight");
    });

    it("refuses 0 × 0 boxes and unknown zones with a 400 naming the field", async () => {
      const flat = await call(postBox, "/api/admin/shipping/boxes", { method: "POST", body: { name: "Flat", innerLengthMm: 0, innerWidthMm: 0, innerHeightMm: 100 }, headers: auth });
      expect(flat.status).toBe(400);
      expect(Object.keys(flat.json.fields).sort()).toEqual(["innerLengthMm", "innerWidthMm"]);
      const nowhere = await zone("mars", SPEC_FLAT);
      expect(nowhere.status).toBe(400);
      expect(nowhere.json.fields.code).toBe("Unknown zone: use one of us, us_remote, ca, world");
      const badTable = await zone("us", { ...US_TABLE, rateTable: [{ upToGrams: 500, rate: "6.50" }] });
      expect(badTable.status).toBe(400);
      expect(badTable.json.fields.rateTable).toMatch(/^A rate table is/);
      const liveWithoutTable = await zone("us", { ...US_TABLE, method: "live", rateTable: [] });
      expect(liveWithoutTable.json.fields.rateTable).toBe("Live rates need a rate table too: it is charged when the carrier does not answer in time");
      const noFlat = await zone("us", { ...US_TABLE, flatRate: "0" });
      expect(noFlat.status).toBe(400);
      expect(noFlat.json.fields.flatRate).toBe("A rate table zone keeps a flat rate above $0 for pieces without a weight");
      expect(await db.prisma.shippingZone.count()).toBe(0);
      expect((await call(postBox, "/api/admin/shipping/boxes", { method: "POST", body: { name: "Flat" }, headers: {} })).status).toBe(401);
    });
  });

  describe("the spec's product API", () => {
    it("keeps accepting what it accepted: weight fields are not its own and are dropped, valid or not", async () => {
      const created = await call(postProduct, "/api/products", {
        method: "POST",
        headers: auth,
        body: {
          name: "Marking Gauge",
          description: "Brass and walnut.",
          price: "38.00",
          categoryId: (await db.prisma.category.findFirstOrThrow({ where: { slug: "jigs" } })).id,
          images: ["/uploads/gauge.webp"],
          weightGrams: -5,
          lengthMm: 0,
        },
      });
      expect(created.status).toBe(201);
      const row = await db.prisma.product.findUniqueOrThrow({ where: { id: created.json.id } });
      expect([row.weightGrams, row.lengthMm]).toEqual([null, null]);
      const updated = await call(putProduct, `/api/products/${row.id}`, { method: "PUT", headers: auth, params: { slug: String(row.id) }, body: { price: "39.00", weightGrams: "x" } });
      expect(updated.status).toBe(200);
      expect(updated.json.price).toBe("39.00");
      // The admin list shows it needs weighing (the badge reads package.weightGrams).
      const list = await call(getAdminProducts, "/api/admin/products?search=marking", { headers: auth });
      expect(list.json.products[0].package).toMatchObject({ weightGrams: null, lengthMm: null, boxId: null });
    });
  });

  describe("zones with rate tables", () => {
    beforeAll(async () => {
      expect((await zone("us", US_TABLE)).status).toBe(200);
      expect((await zone("us_remote", REMOTE_TABLE)).status).toBe(200);
    });
    afterAll(async () => {
      await zone("us", SPEC_FLAT);
      await zone("us_remote", SPEC_FLAT);
    });

    it("prices a 14 kg bench to Honolulu and a 40 g gauge to the next state differently, by weight and zone", async () => {
      const bench = await prepare([["walnut-bench", 1]], honolulu);
      const gauge = await prepare([["printed-gauge", 1]], nextDoor);
      expect(bench.json).toMatchObject({ subtotal: "450.00", shipping: "140.00", total: "590.00" });
      expect(gauge.json).toMatchObject({ subtotal: "12.00", shipping: "6.50", total: "18.50" });
      // The same pieces swapped: the zone and the weight each change the price.
      expect((await prepare([["walnut-bench", 1]], nextDoor)).json.shipping).toBe("48.00");
      expect((await prepare([["printed-gauge", 1]], honolulu)).json.shipping).toBe("11.00");
      // Hawaii written out, and a ZIP the state list does not know, are the same zone.
      expect((await prepare([["printed-gauge", 1]], { ...honolulu, state: "hawaii" })).json.shipping).toBe("11.00");
      expect((await prepare([["printed-gauge", 1]], { ...honolulu, state: "Oahu" })).json.shipping).toBe("11.00");
      // 3 gauges and a bench: one parcel of 14.12 kg.
      expect(
        (
          await prepare(
            [
              ["walnut-bench", 1],
              ["printed-gauge", 3],
            ],
            nextDoor,
          )
        ).json.shipping,
      ).toBe("48.00");
    });

    it("weighs a variant by its own weight when it has one, else its product's; the admin form's variant weight is validated", async () => {
      const product = await db.prisma.product.findUniqueOrThrow({ where: { slug: "printed-gauge" } });
      await db.prisma.product.update({ where: { id: product.id }, data: { options: [{ name: "Size", values: ["S", "XL"] }] } });
      const small = await db.prisma.productVariant.create({ data: { productId: product.id, sku: "PG-S", optionValues: ["S"], price: "12.00" } });
      const large = await db.prisma.productVariant.create({ data: { productId: product.id, sku: "PG-XL", optionValues: ["XL"], price: "12.00", weightGrams: 900 } });
      const line = (variantId: number) =>
        call(createIntent, "/api/create-payment-intent", { body: { sessionId: nextSession(), items: [{ productId: product.id, variantId, quantity: 1 }], shippingAddress: nextDoor } });
      expect((await line(small.id)).json.shipping).toBe("6.50");
      expect((await line(large.id)).json.shipping).toBe("14.00");
      const parsed = adminProductUpdateSchema.safeParse({
        options: [{ name: "Size", values: ["S"] }],
        variants: [{ sku: "PG-S", values: ["S"], price: "12.00", kind: "made_to_order", weightGrams: "-1" }],
      });
      expect(parsed.success ? null : parsed.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["variants.0.weightGrams", "Weight is a whole number of grams, 1 to 1,000,000 (1 tonne)"],
      ]);
      await db.prisma.productVariant.deleteMany({ where: { productId: product.id } });
      await db.prisma.product.update({ where: { id: product.id }, data: { options: [] } });
    });

    it("never ships a piece without a weight for $0 or by a guessed weight: it pays at least the zone's flat rate", async () => {
      expect((await prepare([["dowel-jig", 1]], nextDoor)).json.shipping).toBe("15.99");
      expect(
        (
          await prepare(
            [
              ["dowel-jig", 1],
              ["printed-gauge", 1],
            ],
            nextDoor,
          )
        ).json.shipping,
      ).toBe("15.99");
      expect((await prepare([["dowel-jig", 1]], honolulu)).json.shipping).toBe("24.00");
      // With the bench the table's rate is the larger.
      expect(
        (
          await prepare(
            [
              ["dowel-jig", 1],
              ["walnut-bench", 1],
            ],
            honolulu,
          )
        ).json.shipping,
      ).toBe("140.00");
    });

    it("refuses a client amount priced by the old flat rule (409 with the server's figures) and records the server's on the order", async () => {
      const tampered = await prepare([["walnut-bench", 1]], honolulu, { amount: 450_00 + 15_99 });
      expect(tampered.status).toBe(409);
      expect(tampered.json).toMatchObject({ message: "Your cart total has changed. Please review your order before paying.", shipping: "140.00", total: "590.00" });
      const zero = await prepare([["walnut-bench", 1]], honolulu, { amount: 450_00 });
      expect(zero.status).toBe(409);
      const ok = await prepare([["walnut-bench", 1]], honolulu, { amount: 590_00 });
      expect(ok.status).toBe(200);
      expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: ok.json.paymentIntentId } })).amount).toBe(590_00);
      await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: ok.json.clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" } } });
      const order = await call(postOrder, "/api/orders", { body: { paymentIntentId: ok.json.paymentIntentId, clientSecret: ok.json.clientSecret, ...contact } });
      expect(order.status).toBe(201);
      expect(order.json.order).toMatchObject({ subtotal: "450.00", shipping: "140.00", total: "590.00", shippingService: "USPS_GROUND_ADVANTAGE" });
    });

    it("charges an oversize piece its own freight, and refuses a piece delivered by arrangement unless it is collected", async () => {
      // Freight on top of the parcel: the table's 6.50 for the gauge + $180.
      expect(
        (
          await prepare(
            [
              ["oak-table", 1],
              ["printed-gauge", 1],
            ],
            nextDoor,
          )
        ).json.shipping,
      ).toBe("186.50");
      const shed = await prepare([["cedar-shed", 1]], nextDoor);
      expect(shed.status).toBe(400);
      expect(shed.json.fields.items).toBe("“Cedar Shed” is delivered by arrangement: contact us for delivery, or choose local pickup.");
      const off = await call(putPickup, "/api/admin/shipping/pickup", { method: "PUT", headers: auth, body: { pickupEnabled: true, pickupAddress: "" } });
      expect(off.status).toBe(400);
      expect(off.json.fields.pickupAddress).toBe("Local pickup needs the workshop's address and hours");
      const on = await call(putPickup, "/api/admin/shipping/pickup", {
        method: "PUT",
        headers: auth,
        body: { pickupEnabled: true, pickupAddress: "4 Mill Lane, Asheville NC", pickupHours: "Sat 10–2" },
      });
      expect(on.status).toBe(200);
      const collected = await prepare([["cedar-shed", 1]], nextDoor, { shippingMethod: "pickup" });
      expect(collected.json).toMatchObject({ subtotal: "2400.00", shipping: "0.00", total: "2400.00" });
      expect((await db.prisma.checkout.findFirstOrThrow({ where: { id: collected.json.checkoutId } })).shippingService).toBe("LOCAL_PICKUP");
    });

    it("ships to Canada only once its zone is switched on, and records every zone change in the audit log", async () => {
      const canada = { line1: "1 King St W", city: "Toronto", state: "ON", postalCode: "M5H 1A1", country: "CA" };
      expect((await prepare([["printed-gauge", 1]], canada)).status).toBe(400);
      expect((await zone("world", SPEC_FLAT)).status).toBe(200);
      // With the rest of the world on and Canada still off, the refusal names Canada.
      const refused = await prepare([["printed-gauge", 1]], canada);
      expect(refused.json.fields["shippingAddress.country"]).toBe("We don't ship to Canada.");
      expect((await zone("ca", { ships: true, method: "flat", flatRate: "22.00", freeOver: "250.00" })).status).toBe(200);
      expect((await prepare([["printed-gauge", 1]], canada)).json).toMatchObject({ shipping: "22.00" });
      expect((await prepare([["printed-gauge", 1]], { ...canada, country: "de" })).json).toMatchObject({ shipping: "15.99" });
      // Once the shop ships abroad, a code that names no country is said to be one.
      const unknown = await prepare([["printed-gauge", 1]], { ...canada, country: "XX" });
      expect([unknown.status, unknown.json.fields["shippingAddress.country"]]).toEqual([400, "“XX” is not a country code we know (use two letters, e.g. US or CA)."]);
      const audits = await db.prisma.auditLog.findMany({ where: { entityType: "shipping_zone" }, orderBy: { id: "asc" } });
      expect(audits.map((a) => a.entityId)).toEqual(["us", "us_remote", "world", "ca"]);
      expect(audits[3]).toMatchObject({ adminName: "maker", action: "update", before: expect.objectContaining({ ships: false }), after: expect.objectContaining({ ships: true, flatRate: "22.00" }) });
      await zone("ca", { ...SPEC_FLAT, ships: false });
      await zone("world", { ...SPEC_FLAT, ships: false });
    });
  });

  describe("packages and boxes", () => {
    it("saves a weight and a box (which replaces the package's own sides), audited; deleting the box leaves the product without one", async () => {
      const box = await call(postBox, "/api/admin/shipping/boxes", { method: "POST", body: { name: "Bowl box L", innerLengthMm: 400, innerWidthMm: 400, innerHeightMm: 200 }, headers: auth });
      expect(box.status).toBe(201);
      const dup = await call(postBox, "/api/admin/shipping/boxes", { method: "POST", body: { name: "Bowl box L", innerLengthMm: 1, innerWidthMm: 1, innerHeightMm: 1 }, headers: auth });
      expect(dup.status).toBe(409);
      const id = ids["maple-nesting-bowls"];
      expect((await pkg(id, { weightGrams: "2100", lengthMm: 380, widthMm: 380, heightMm: 150 })).json.package).toMatchObject({ weightGrams: 2100, lengthMm: 380, boxId: null });
      const boxed = await pkg(id, { boxId: box.json.id });
      expect(boxed.status).toBe(200);
      expect(boxed.json.package).toMatchObject({ weightGrams: 2100, lengthMm: null, widthMm: null, heightMm: null, boxId: box.json.id, boxName: "Bowl box L" });
      const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(id) }, orderBy: { id: "desc" } });
      expect(audit.after).toMatchObject({ package: expect.objectContaining({ boxId: box.json.id }) });
      expect((await call(getBoxes, "/api/admin/shipping/boxes", { headers: auth })).json.boxes).toEqual([expect.objectContaining({ name: "Bowl box L", productCount: 1 })]);
      expect((await call(deleteBoxRoute, `/api/admin/shipping/boxes/${box.json.id}`, { method: "DELETE", params: { id: String(box.json.id) }, headers: auth })).status).toBe(200);
      expect((await db.prisma.product.findUniqueOrThrow({ where: { id } })).boxId).toBeNull();
      expect(await db.prisma.auditLog.count({ where: { entityType: "shipping_box" } })).toBe(2);
    });
  });
});
