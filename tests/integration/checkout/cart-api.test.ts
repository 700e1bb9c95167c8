import { DELETE as deleteLine } from "@/app/api/cart/[sessionId]/[productId]/route";
import { GET as getCart } from "@/app/api/cart/[sessionId]/route";
import { POST as postCheck } from "@/app/api/cart/check/route";
import { POST as postCart, PUT as putCart } from "@/app/api/cart/route";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let ids: Record<string, number>;

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const products = await db.prisma.product.findMany({ select: { id: true, slug: true } });
  ids = Object.fromEntries(products.map((p) => [p.slug, p.id]));
});
afterAll(() => db?.cleanup());

let n = 0;
/** A fresh session id per test keeps tests independent. */
const newSession = () => `sess_${++n}-${Date.now().toString(36)}`;

const add = (body: unknown) => call(postCart, "/api/cart", { method: "POST", body });
const put = (body: unknown) => call(putCart, "/api/cart", { method: "PUT", body });
const get = (sessionId: string) => call(getCart, `/api/cart/${sessionId}`, { params: { sessionId } });
const remove = (sessionId: string, productId: string | number) => call(deleteLine, `/api/cart/${sessionId}/${productId}`, { method: "DELETE", params: { sessionId, productId: String(productId) } });
const check = (body: unknown) => call(postCheck, "/api/cart/check", { method: "POST", body });
const rows = (sessionId: string) => db.prisma.cartItem.findMany({ where: { sessionId }, orderBy: { id: "asc" }, select: { productId: true, quantity: true } });

describe(`cart API on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  describe("POST /api/cart (add)", () => {
    it("stores a line and returns the cart with database prices", async () => {
      const s = newSession();
      const { status, json } = await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 2 });
      expect(status).toBe(200);
      expect(json).toEqual({
        sessionId: s,
        items: [
          {
            productId: ids["dowel-jig"],
            slug: "dowel-jig",
            name: "Dowel Jig",
            price: "24.00",
            image: "/demo/products/dowel-jig-1.webp",
            quantity: 2,
            uniqueItem: false,
            ships: "Made to order — ships in 10–15 working days",
            shipDays: { min: 10, max: 15 },
            available: true,
            unavailableReason: null,
          },
        ],
        subtotal: "48.00",
        count: 2,
      });
      expect(await rows(s)).toEqual([{ productId: ids["dowel-jig"], quantity: 2 }]);
    });

    it("adds to the quantity of a product already in the cart", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["maple-nesting-bowls"], quantity: 1 });
      const { status, json } = await add({ sessionId: s, productId: ids["maple-nesting-bowls"], quantity: 3 });
      expect(status).toBe(200);
      expect(json.items).toHaveLength(1);
      expect(json).toMatchObject({ subtotal: "358.00", count: 4 });
      expect(await rows(s)).toEqual([{ productId: ids["maple-nesting-bowls"], quantity: 4 }]);
    });

    it("keeps sessions apart", async () => {
      const a = newSession();
      const b = newSession();
      await add({ sessionId: a, productId: ids["dowel-jig"], quantity: 1 });
      await add({ sessionId: b, productId: ids["track-saw-square"], quantity: 1 });
      expect(await rows(a)).toEqual([{ productId: ids["dowel-jig"], quantity: 1 }]);
      expect(await rows(b)).toEqual([{ productId: ids["track-saw-square"], quantity: 1 }]);
    });

    it("takes a one-of-a-kind piece once and refuses a second unit with 409", async () => {
      const s = newSession();
      const first = await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 });
      expect(first.status).toBe(200);
      expect(first.json.items[0]).toMatchObject({ uniqueItem: true, quantity: 1, price: "320.00" });
      const second = await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 });
      expect(second.status).toBe(409);
      expect(second.json.message).toBe("This one-of-a-kind item is already in your cart.");
      expect(second.json.code).toBe("duplicate_unique");
      const many = await add({ sessionId: newSession(), productId: ids["spalted-burl-bowl"], quantity: 2 });
      expect(many.status).toBe(409);
      expect(many.json.code).toBe("unique_limit");
      expect(await rows(s)).toEqual([{ productId: ids["spalted-burl-bowl"], quantity: 1 }]);
    });

    it("lets only one of two simultaneous adds of a unique piece through", async () => {
      const s = newSession();
      const results = await Promise.all([1, 2].map(() => add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await rows(s)).toEqual([{ productId: ids["spalted-burl-bowl"], quantity: 1 }]);
    });

    it("refuses a sold piece with 409 and stores nothing", async () => {
      const s = newSession();
      const { status, json } = await add({ sessionId: s, productId: ids["sold-cherry-bowl"], quantity: 1 });
      expect(status).toBe(409);
      expect(json.message).toBe("This item has been sold.");
      expect(json.code).toBe("sold");
      expect(await rows(s)).toEqual([]);
    });

    it.each([
      ["a missing product", () => 999_999],
      ["an inactive product", () => ids["retired-jig"]],
      ["a product in an inactive category", () => ids["garden-planter"]],
    ])("refuses %s with 404 'Product not found'", async (_label, productId) => {
      const s = newSession();
      const { status, json } = await add({ sessionId: s, productId: productId(), quantity: 1 });
      expect(status).toBe(404);
      expect(json.message).toBe("Product not found");
      expect(await rows(s)).toEqual([]);
    });

    it.each([
      [{ quantity: 0 }, "Quantity must be at least 1"],
      [{ quantity: -2 }, "Quantity must be at least 1"],
      [{ quantity: "two" }, "Quantity must be at least 1"],
      [{ quantity: undefined }, "Quantity must be at least 1"],
      [{ quantity: 1.5 }, "Quantity must be a whole number"],
      [{ quantity: 10_000 }, "Quantity must be at most 9999"],
      [{ productId: 0 }, "Product id must be a positive whole number"],
      [{ productId: "12" }, "Product id must be a positive whole number"],
      [{ productId: 99_999_999_999 }, "Product id must be a positive whole number"],
      [{ sessionId: "" }, "A valid session id is required"],
      [{ sessionId: "has spaces" }, "A valid session id is required"],
      [{ sessionId: "x".repeat(65) }, "A valid session id is required"],
      [{ sessionId: 42 }, "A valid session id is required"],
    ])("refuses %o with 400 and changes nothing", async (override, message) => {
      const before = await db.prisma.cartItem.count();
      const { status, json } = await add({ sessionId: "sess_bad_input", productId: ids["dowel-jig"], quantity: 1, ...override });
      expect(status).toBe(400);
      expect(json.message).toBe(message);
      expect(await db.prisma.cartItem.count()).toBe(before);
    });

    it("refuses malformed and non-object bodies with 400", async () => {
      const malformed = await call(postCart, "/api/cart", { method: "POST", rawBody: "{nope" });
      expect(malformed.status).toBe(400);
      expect(malformed.json.message).toBe("Request body must be valid JSON");
      for (const body of [null, [], "text"]) {
        const res = await add(body);
        expect(res.status).toBe(400);
        expect(res.json.message).toBe("Request body must be a JSON object");
      }
    });

    it("refuses growing a line past the sanity limit", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 9000 });
      const res = await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 1000 });
      expect(res.status).toBe(400);
      expect(await rows(s)).toEqual([{ productId: ids["dowel-jig"], quantity: 9000 }]);
    });
  });

  describe("PUT /api/cart (set quantity)", () => {
    it("sets an absolute quantity, creating the line when needed", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 5 });
      const res = await put({ sessionId: s, productId: ids["dowel-jig"], quantity: 2 });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ count: 2, subtotal: "48.00" });
      const created = await put({ sessionId: s, productId: ids["track-saw-square"], quantity: 3 });
      expect(created.status).toBe(200);
      expect(await rows(s)).toEqual([
        { productId: ids["dowel-jig"], quantity: 2 },
        { productId: ids["track-saw-square"], quantity: 3 },
      ]);
    });

    it("limits a unique piece to 1 and refuses 0, sold and hidden products without changes", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 });
      const two = await put({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 2 });
      expect(two.status).toBe(409);
      expect(two.json.message).toBe("Only 1 of this one-of-a-kind item is available.");
      expect((await put({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 })).status).toBe(200);
      const zero = await put({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 0 });
      expect(zero.status).toBe(400);
      expect(zero.json.message).toBe("Quantity must be at least 1");
      expect((await put({ sessionId: s, productId: ids["sold-ash-bowl"], quantity: 1 })).status).toBe(409);
      expect((await put({ sessionId: s, productId: ids["retired-jig"], quantity: 1 })).status).toBe(404);
      expect((await call(putCart, "/api/cart", { method: "PUT", rawBody: "x" })).status).toBe(400);
      expect(await rows(s)).toEqual([{ productId: ids["spalted-burl-bowl"], quantity: 1 }]);
    });
  });

  describe("GET /api/cart/{sessionId}", () => {
    it("returns an empty cart for an unknown session", async () => {
      const s = newSession();
      const { status, json } = await get(s);
      expect(status).toBe(200);
      expect(json).toEqual({ sessionId: s, items: [], subtotal: "0.00", count: 0 });
    });

    it("lists lines in the order they were added and flags pieces sold or withdrawn since", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["track-saw-square"], quantity: 2 });
      await add({ sessionId: s, productId: ids["black-walnut-salad-bowl"], quantity: 1 });
      await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 });
      let { json } = await get(s);
      expect(json.items.map((i: { slug: string }) => i.slug)).toEqual(["track-saw-square", "black-walnut-salad-bowl", "spalted-burl-bowl"]);
      expect(json).toMatchObject({ subtotal: "584.98", count: 4 });

      await db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { sold: true } });
      await db.prisma.product.update({ where: { id: ids["black-walnut-salad-bowl"] }, data: { active: false } });
      try {
        ({ json } = await get(s));
        expect(json.items.map((i: { available: boolean; unavailableReason: string | null }) => [i.available, i.unavailableReason])).toEqual([
          [true, null],
          [false, "This item is no longer available."],
          [false, "This piece has been sold."],
        ]);
        expect(json).toMatchObject({ subtotal: "119.98", count: 4 });
      } finally {
        await db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { sold: false } });
        await db.prisma.product.update({ where: { id: ids["black-walnut-salad-bowl"] }, data: { active: true } });
      }
    });

    it("refuses a malformed session id with 400", async () => {
      const res = await get("not%20ok");
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("A valid session id is required");
    });
  });

  describe("DELETE /api/cart/{sessionId}/{productId}", () => {
    it("removes the line, returns the cart and is idempotent", async () => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 1 });
      await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 });
      const first = await remove(s, ids["spalted-burl-bowl"]);
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ sessionId: s, count: 1, subtotal: "24.00" });
      expect(await rows(s)).toEqual([{ productId: ids["dowel-jig"], quantity: 1 }]);
      const again = await remove(s, ids["spalted-burl-bowl"]);
      expect(again.status).toBe(200);
      expect(again.json.count).toBe(1);
      // The piece can be added again once removed.
      expect((await add({ sessionId: s, productId: ids["spalted-burl-bowl"], quantity: 1 })).status).toBe(200);
    });

    it("only touches the given session", async () => {
      const a = newSession();
      const b = newSession();
      await add({ sessionId: a, productId: ids["dowel-jig"], quantity: 1 });
      await add({ sessionId: b, productId: ids["dowel-jig"], quantity: 1 });
      await remove(a, ids["dowel-jig"]);
      expect(await rows(a)).toEqual([]);
      expect(await rows(b)).toHaveLength(1);
    });

    it.each([["abc"], ["0"], ["-1"], ["1.5"], ["99999999999"]])("refuses product id %s with 400 and changes nothing", async (productId) => {
      const s = newSession();
      await add({ sessionId: s, productId: ids["dowel-jig"], quantity: 1 });
      const res = await remove(s, productId);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Product id must be a positive whole number");
      expect(await rows(s)).toHaveLength(1);
    });
  });

  describe("POST /api/cart/check", () => {
    it("returns the database price and an unavailable reason per line", async () => {
      const { status, json } = await check({
        items: [
          { productId: ids["track-saw-square"], quantity: 2 },
          { productId: ids["sold-cherry-bowl"], quantity: 1 },
          { productId: ids["retired-jig"], quantity: 1 },
          { productId: ids["garden-planter"], quantity: 1 },
          { productId: 999_999, quantity: 1 },
        ],
      });
      expect(status).toBe(200);
      expect(json).toEqual({
        items: [
          { productId: ids["track-saw-square"], price: "59.99", unavailable: null, ships: "Made to order — ships in 10–15 working days", shipDays: { min: 10, max: 15 } },
          { productId: ids["sold-cherry-bowl"], price: "210.00", unavailable: "This piece has been sold.", ships: null, shipDays: null },
          { productId: ids["retired-jig"], price: "10.00", unavailable: "This item is no longer available.", ships: null, shipDays: null },
          { productId: ids["garden-planter"], price: "75.00", unavailable: "This item is no longer available.", ships: null, shipDays: null },
          { productId: 999_999, price: null, unavailable: "This item is no longer available.", ships: null, shipDays: null },
        ],
      });
    });

    it("accepts an empty cart and writes nothing", async () => {
      const before = await db.prisma.cartItem.count();
      const { status, json } = await check({ items: [] });
      expect(status).toBe(200);
      expect(json).toEqual({ items: [] });
      expect(await db.prisma.cartItem.count()).toBe(before);
    });

    it.each([
      [{}, "items must be an array"],
      [{ items: "nope" }, "items must be an array"],
      [{ items: [{ productId: 1, quantity: 0 }] }, "Quantity must be at least 1"],
      [{ items: [{ productId: -1, quantity: 1 }] }, "Product id must be a positive whole number"],
      [{ items: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 })) }, "At most 50 items can be checked at once"],
    ])("refuses %o with 400", async (body, message) => {
      const res = await check(body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    });

    it("refuses malformed JSON with 400", async () => {
      const res = await call(postCheck, "/api/cart/check", { method: "POST", rawBody: "[" });
      expect(res.status).toBe(400);
    });
  });
});
