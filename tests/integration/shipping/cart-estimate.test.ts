import { POST as postEstimate } from "@/app/api/shipping/estimate/route";
import { PUT as putZone } from "@/app/api/admin/shipping/zones/[code]/route";
import { env } from "@/lib/env";
import { FAKE_EASYPOST_KEY, startFakeEasyPost, type FakeEasyPost } from "@/tests/helpers/fake-easypost";
import { createCatalogWithMaker } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The cart page's Shipping line before any address (POST /api/shipping/estimate): the figure every zone the
 * shop ships to would charge the cart — the spec's $15.99 / free over $100 in a fresh shop, an oversize
 * piece's freight, a weight table's rate — and null ("At checkout") whenever the address decides: zones that
 * charge differently, live carrier rates, a piece delivered by arrangement. Lines no longer for sale are left
 * out, as in the cart's subtotal. Bad input is a 400 and nothing is written.
 */
let db: TestDatabase;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const fixture = await createCatalogWithMaker(db.prisma);
  auth = fixture.auth;
  const { categories } = fixture;
  const make = (slug: string, price: string, extra: Record<string, unknown> = {}) =>
    db.prisma.product.create({ data: { slug, name: slug.replace(/-/g, " "), price, description: slug, categoryId: categories.jigs.id, ...extra } });
  await make("printed-gauge", "40.00", { weightGrams: 40 });
  await make("walnut-bowl", "150.00", { weightGrams: 1_200 });
  await make("oak-table", "900.00", { weightGrams: 60_000, freightPrice: "180.00" });
  await make("cedar-shed", "2400.00", { contactForDelivery: true });
  await make("sold-burl", "60.00", { uniqueItem: true, sold: true, weightGrams: 900 });
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
});
afterAll(() => db?.cleanup());

const estimate = (items: Array<[string, number]>) => call(postEstimate, "/api/shipping/estimate", { body: { items: items.map(([slug, quantity]) => ({ productId: ids[slug], quantity })) } });
const setZone = async (code: string, rule: Record<string, unknown>) =>
  expect(
    (
      await call(putZone, `/api/admin/shipping/zones/${code}`, {
        method: "PUT",
        body: { ships: true, method: "flat", flatRate: "15.99", freeOver: "100.00", rateTable: [], ...rule },
        params: { code },
        headers: auth,
      })
    ).status,
  ).toBe(200);
const shipping = async (items: Array<[string, number]>) => {
  const res = await estimate(items);
  expect(res.status).toBe(200);
  return res.json.shipping as string | null;
};

describe("the cart page's shipping before an address", () => {
  it("is the spec's rule in a fresh shop: $15.99, free only over $100 of goods", async () => {
    expect(await shipping([["printed-gauge", 1]])).toBe("15.99");
    expect(await shipping([["printed-gauge", 2]])).toBe("15.99");
    expect(await shipping([["walnut-bowl", 1]])).toBe("0.00");
  });

  it("adds an oversize piece's own freight, and leaves out a piece that is no longer for sale", async () => {
    // The table's $900 frees the parcel; its freight is its own.
    expect(await shipping([["oak-table", 1]])).toBe("180.00");
    expect(await shipping([["oak-table", 2]])).toBe("360.00");
    expect(
      await shipping([
        ["printed-gauge", 1],
        ["sold-burl", 1],
      ]),
    ).toBe("15.99");
  });

  it("is null ('At checkout') for a piece delivered by arrangement", async () => {
    expect(await shipping([["cedar-shed", 1]])).toBeNull();
    expect(
      await shipping([
        ["printed-gauge", 1],
        ["cedar-shed", 1],
      ]),
    ).toBeNull();
  });

  it("is a weight table's rate when every zone shipped to uses the same table, and null once one zone charges differently", async () => {
    const table = {
      method: "table",
      freeOver: null,
      rateTable: [
        { upToGrams: 500, rate: "6.50" },
        { upToGrams: null, rate: "22.00" },
      ],
    };
    await setZone("us", table);
    await setZone("us_remote", table);
    expect(await shipping([["printed-gauge", 1]])).toBe("6.50");
    expect(await shipping([["walnut-bowl", 1]])).toBe("22.00");
    await setZone("us_remote", { ...table, rateTable: [{ upToGrams: null, rate: "30.00" }] });
    expect(await shipping([["printed-gauge", 1]])).toBeNull();
    await setZone("us", {});
    await setZone("us_remote", {});
    expect(await shipping([["printed-gauge", 1]])).toBe("15.99");
  });

  it("is null where the carrier's live rates price the parcel, and the carrier is not asked", async () => {
    const fake: FakeEasyPost = await startFakeEasyPost();
    const saved = { key: env.EASYPOST_API_KEY, url: env.EASYPOST_API_URL };
    Object.assign(env, { EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_API_URL: fake.baseUrl });
    try {
      await setZone("us", { method: "live", freeOver: null, rateTable: [{ upToGrams: null, rate: "20.00" }] });
      expect(await shipping([["printed-gauge", 1]])).toBeNull();
      expect(fake.requests.length).toBe(0);
    } finally {
      Object.assign(env, { EASYPOST_API_KEY: saved.key, EASYPOST_API_URL: saved.url });
      await setZone("us", {});
      await fake.close();
    }
  });

  it("answers bad input with a clear 400 and stores nothing", async () => {
    const before = await db.prisma.checkout.count();
    const bodies: Array<[string, unknown]> = [
      ["no items", {}],
      ["items not a list", { items: "walnut" }],
      ["a string product id", { items: [{ productId: "1", quantity: 1 }] }],
      ["a quantity of 0", { items: [{ productId: ids["printed-gauge"], quantity: 0 }] }],
      ["a quantity of 1e9", { items: [{ productId: ids["printed-gauge"], quantity: 1e9 }] }],
      ["a NUL byte", { items: [{ productId: "1\u0000", quantity: 1 }] }],
    ];
    for (const [what, body] of bodies) {
      const res = await call(postEstimate, "/api/shipping/estimate", { body });
      expect([what, res.status]).toEqual([what, 400]);
      expect(typeof res.json.message).toBe("string");
    }
    const malformed = await call(postEstimate, "/api/shipping/estimate", { rawBody: '{"items": [' });
    expect(malformed.status).toBe(400);
    expect(await db.prisma.checkout.count()).toBe(before);
  });
});
