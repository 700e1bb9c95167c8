/**
 * Variants: a product chosen by its options, each combination a
 * variant with its own SKU, price, stock or lead time. Through the real
 * routes: the admin API writes them (validation, audit, stock adjustments);
 * the cart API and checkout take a line as product + variant, price it on the
 * server and refuse a variant that is not the product's; an order claims a
 * variant's units independently of its siblings (two shoppers at once for
 * the last unit of one: one order, the other refused and not charged, the
 * sibling untouched); the cart line and the order line carry the variant;
 * put back on sale returns the variant's units. A product without variants
 * is unchanged (its API shape, its cart line).
 */
import { POST as addToCart, PUT as setCartQuantity } from "@/app/api/cart/route";
import { POST as checkCart } from "@/app/api/cart/check/route";
import { GET as getCart } from "@/app/api/cart/[sessionId]/route";
import { DELETE as deleteLine } from "@/app/api/cart/[sessionId]/[productId]/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[slug]/route";
import { POST as postProduct } from "@/app/api/products/route";
import { GET as stockExport } from "@/app/api/admin/stock/export/route";
import { listLowStock } from "@/lib/catalog/stock-queries";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
let jigs: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  jigs = shop.categories.jigs.id;
  Object.assign(ids, shop.ids);
  auth = shop.auth;
});
afterAll(() => db?.cleanup());

let session = 0;
const nextSession = () => `sess-var-${Date.now().toString(36)}-${++session}`;

const image = { url: "/uploads/jig-1.webp", width: 1200, height: 900, alt: null };
const image2 = { url: "/uploads/jig-2.webp", width: 1200, height: 900, alt: null };
const SIZE = { name: "Size", values: ["6 mm", "8 mm", "10 mm"] };

type VariantInput = {
  id?: number;
  sku: string;
  values: string[];
  price: string;
  kind: "in_stock" | "made_to_order";
  stock?: number | null;
  allowBackorder?: boolean;
  leadTimeMinDays?: number | null;
  leadTimeMaxDays?: number | null;
  image?: string | null;
  stockWas?: number | null;
};
const sizes = (prefix: string, over: Partial<Record<string, Partial<VariantInput>>> = {}): VariantInput[] => [
  { sku: `${prefix}-6`, values: ["6 mm"], price: "29.00", kind: "in_stock", stock: 4, ...over["6 mm"] },
  { sku: `${prefix}-8`, values: ["8 mm"], price: "34.00", kind: "in_stock", stock: 1, ...over["8 mm"] },
  { sku: `${prefix}-10`, values: ["10 mm"], price: "36.50", kind: "made_to_order", leadTimeMinDays: 10, leadTimeMaxDays: 12, ...over["10 mm"] },
];

const newProduct = (slug: string, over: Record<string, unknown>) =>
  call(postProduct, "/api/products", {
    method: "POST",
    headers: auth,
    body: { name: slug.replace(/-/g, " "), slug, description: "Printed in the workshop.", categoryId: jigs, images: [image, image2], ...over },
  });
const put = (id: number, body: unknown) => call(putProduct, `/api/products/${id}`, { method: "PUT", body, params: { slug: String(id) }, headers: auth });
const shopSees = async (slug: string) => (await call(getProduct as never, `/api/products/${slug}`, { params: { slug } })).json;
const variantsOf = async (productId: number) => db.prisma.productVariant.findMany({ where: { productId }, orderBy: { position: "asc" } });
const stockOfSku = async (sku: string) => (await db.prisma.productVariant.findUniqueOrThrow({ where: { sku } })).stock;
const setStatus = (id: number, body: unknown) => call(patchStatus as never, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });

type Line = { productId: number; variantId?: number | null; quantity: number };

async function authorise(items: Line[], shopper = "robin", amount?: number) {
  const prepared = await call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: nextSession(), items, email: `${shopper}@example.com`, firstName: shopper, lastName: "Ash", shippingAddress: address, ...(amount !== undefined ? { amount } : {}) },
  });
  if (prepared.status !== 200) return { prepared, paymentIntentId: null };
  const card = await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } });
  expect(card.status).toBe(200);
  return { prepared, paymentIntentId: prepared.json.paymentIntentId as string };
}

async function buy(items: Line[], shopper = "robin") {
  const { prepared, paymentIntentId } = await authorise(items, shopper);
  if (!paymentIntentId) return { status: prepared.status, json: prepared.json, orderId: null as number | null };
  const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId } });
  const order = placed.status === 201 ? await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: paymentIntentId } }) : null;
  return { status: placed.status, json: placed.json, orderId: order?.id ?? null };
}

describe(`variants on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("the admin API creates a product with options and variants, priced at its lowest; the shop sees each variant", async () => {
    const created = await newProduct("size-jig", { options: [SIZE], variants: sizes("SJ", { "8 mm": { image: image2.url } }) });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ price: "29.00", kind: "made_to_order", stock: null, uniqueItem: false, options: [SIZE] });
    expect(created.json.variants).toEqual([
      expect.objectContaining({ sku: "SJ-6", values: ["6 mm"], label: "Size: 6 mm", price: "29.00", stock: 4, allowBackorder: false, image: null }),
      expect.objectContaining({ sku: "SJ-8", values: ["8 mm"], label: "Size: 8 mm", price: "34.00", stock: 1, image: image2.url }),
      expect.objectContaining({ sku: "SJ-10", values: ["10 mm"], price: "36.50", stock: null, leadTimeMinDays: 10, leadTimeMaxDays: 12 }),
    ]);
    expect(await shopSees("size-jig")).toMatchObject({ options: [SIZE], variants: [{ sku: "SJ-6" }, { sku: "SJ-8" }, { sku: "SJ-10" }] });
    // A product without variants keeps its shape: no options, no variants.
    const plain = await shopSees("dowel-jig");
    expect(plain).not.toHaveProperty("options");
    expect(plain).not.toHaveProperty("variants");
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(created.json.id), action: "create" } });
    expect(audit.after).toMatchObject({ variants: [{ sku: "SJ-6" }, { sku: "SJ-8" }, { sku: "SJ-10" }] });
  });

  it("refuses bad options and variants with a 400 naming the field, and a SKU another product has with a 409", async () => {
    const before = await db.prisma.product.count();
    const bad = async (over: Record<string, unknown>) => (await newProduct(`bad-${Math.random().toString(36).slice(2, 8)}`, over)).json;
    expect((await bad({ options: [SIZE], variants: [] })).fields).toMatchObject({ variants: "A product with options needs at least one variant" });
    expect((await bad({ options: [SIZE], variants: sizes("B1", { "8 mm": { values: ["9 mm"] } }) })).fields).toMatchObject({ "variants.1.values": "Each variant has one value of each option" });
    expect((await bad({ options: [SIZE], variants: sizes("B2", { "8 mm": { values: ["6 mm"] } }) })).fields).toMatchObject({ "variants.1.values": "Two variants have the same options" });
    expect((await bad({ options: [SIZE], variants: sizes("B3", { "8 mm": { sku: "B3-6" } }) })).fields).toMatchObject({ "variants.1.sku": "Two variants have the same SKU" });
    expect((await bad({ options: [SIZE], variants: sizes("B4", { "8 mm": { sku: "no spaces" } }) })).fields).toMatchObject({
      "variants.1.sku": expect.stringContaining("A SKU is 1 to 40 capital letters"),
    });
    expect((await bad({ options: [SIZE], variants: sizes("B5", { "8 mm": { stock: null } }) })).fields).toMatchObject({ "variants.1.stock": "Enter how many are in stock" });
    expect((await bad({ options: [SIZE], variants: sizes("B6", { "10 mm": { allowBackorder: true } }) })).fields).toMatchObject({
      "variants.2.allowBackorder": "Only an in-stock product can be back-ordered",
    });
    expect((await bad({ options: [SIZE], variants: sizes("B7", { "8 mm": { image: "/uploads/not-this-product.webp" } }) })).fields).toMatchObject({
      "variants.1.image": "A variant's image must be one of the product's images",
    });
    expect((await bad({ options: [SIZE], variants: sizes("B8"), uniqueItem: true })).fields).toMatchObject({ kind: "A one-of-a-kind piece has no variants" });
    expect((await bad({ options: [SIZE, { name: "size", values: ["x"] }], variants: sizes("B9") })).fields).toMatchObject({ "options.1.name": "Two options have the same name" });
    expect(
      (
        await bad({
          options: [
            { name: "A", values: ["1"] },
            { name: "B", values: ["1"] },
            { name: "C", values: ["1"] },
            { name: "D", values: ["1"] },
          ],
          variants: [],
        })
      ).fields,
    ).toHaveProperty("options");
    expect((await bad({ variants: sizes("B10") })).fields).toMatchObject({ options: "Variants need options to be chosen by" });
    expect(await db.prisma.product.count()).toBe(before);
    // Lower-case SKUs are stored in capitals; one another product has is refused.
    const ok = await newProduct("sku-case", { options: [SIZE], variants: sizes("sc") });
    expect(ok.json.variants.map((v: { sku: string }) => v.sku)).toEqual(["SC-6", "SC-8", "SC-10"]);
    const taken = await newProduct("sku-taken", { options: [SIZE], variants: sizes("SC") });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe("A variant with this SKU already exists (SKUs are unique in the shop).");
    expect(await db.prisma.product.count()).toBe(before + 1);
  });

  it("the cart takes a line per product and variant, priced from the variant; a missing, foreign or unknown variant is a 4xx", async () => {
    const { json: p } = await newProduct("cart-jig", { options: [SIZE], variants: sizes("CJ") });
    const [six, eight, ten] = p.variants as Array<{ id: number }>;
    const { json: other } = await newProduct("other-jig", { options: [SIZE], variants: sizes("OJ") });
    const sessionId = nextSession();
    const add = (body: Record<string, unknown>) => call(addToCart, "/api/cart", { body: { sessionId, productId: p.id, quantity: 1, ...body } });

    const none = await add({});
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ code: "variant_required", message: "Choose an option of this product first." });
    const foreign = await add({ variantId: other.variants[0].id });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ code: "variant_mismatch" });
    expect((await add({ variantId: 2_000_000_000 })).json).toMatchObject({ code: "variant_mismatch" });
    expect((await add({ variantId: -1 })).status).toBe(400);
    expect((await add({ variantId: "8" })).status).toBe(400);
    // A product without variants refuses one.
    expect((await call(addToCart, "/api/cart", { body: { sessionId, productId: ids["dowel-jig"], variantId: six.id, quantity: 1 } })).json).toMatchObject({ code: "variant_mismatch" });

    expect((await add({ variantId: six.id, quantity: 2 })).status).toBe(200);
    expect((await add({ variantId: six.id })).status).toBe(200);
    expect((await add({ variantId: ten.id, quantity: 5 })).status).toBe(200);
    // The 8 mm has one left: two is refused, naming the count, and the 6 mm lines are untouched.
    const over = await add({ variantId: eight.id, quantity: 2 });
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ code: "stock_limit", left: 1, message: "Only 1 left." });
    expect((await call(addToCart, "/api/cart", { body: { sessionId, productId: ids["dowel-jig"], quantity: 1 } })).status).toBe(200);

    const { json: cart } = await call(getCart as never, `/api/cart/${sessionId}`, { params: { sessionId } });
    expect(cart.items).toEqual([
      expect.objectContaining({ productId: p.id, variantId: six.id, variantLabel: "Size: 6 mm", price: "29.00", quantity: 3, available: true, ships: "Ships in 1–2 days" }),
      expect.objectContaining({ productId: p.id, variantId: ten.id, variantLabel: "Size: 10 mm", price: "36.50", quantity: 5, ships: "Made to order — ships in 10–12 working days" }),
      expect.objectContaining({ productId: ids["dowel-jig"], price: "24.00", quantity: 1 }),
    ]);
    expect(cart.items[2]).not.toHaveProperty("variantId");
    expect(cart.subtotal).toBe("293.50");
    expect(await db.prisma.cartItem.findMany({ where: { sessionId }, select: { productId: true, variantId: true }, orderBy: { id: "asc" } })).toEqual([
      { productId: p.id, variantId: six.id },
      { productId: p.id, variantId: ten.id },
      { productId: ids["dowel-jig"], variantId: null },
    ]);

    // Setting a quantity, and removing a line, touch that variant's line only.
    expect((await call(setCartQuantity, "/api/cart", { method: "PUT", body: { sessionId, productId: p.id, variantId: six.id, quantity: 4 } })).status).toBe(200);
    expect((await call(setCartQuantity, "/api/cart", { method: "PUT", body: { sessionId, productId: p.id, variantId: six.id, quantity: 5 } })).status).toBe(409);
    const removed = await call(deleteLine as never, `/api/cart/${sessionId}/${p.id}?variantId=${ten.id}`, { method: "DELETE", params: { sessionId, productId: String(p.id) } });
    expect(removed.status).toBe(200);
    expect(removed.json.items.map((i: { variantId?: number; quantity: number }) => [i.variantId ?? null, i.quantity])).toEqual([
      [six.id, 4],
      [null, 1],
    ]);
    expect((await call(deleteLine as never, `/api/cart/${sessionId}/${p.id}?variantId=x`, { method: "DELETE", params: { sessionId, productId: String(p.id) } })).status).toBe(400);

    // The check re-prices each line from its variant and flags a foreign or missing one.
    const check = await call(checkCart, "/api/cart/check", {
      body: {
        items: [
          { productId: p.id, variantId: eight.id, quantity: 2 },
          { productId: p.id, variantId: other.variants[0].id, quantity: 1 },
          { productId: p.id, quantity: 1 },
          { productId: p.id, variantId: ten.id, quantity: 1 },
        ],
      },
    });
    expect(check.json.items).toEqual([
      { productId: p.id, variantId: eight.id, price: "34.00", unavailable: "Only 1 left.", ships: "Ships in 1–2 days", shipDays: { min: 1, max: 2 } },
      { productId: p.id, variantId: other.variants[0].id, price: null, unavailable: "This item is no longer available.", ships: null, shipDays: null },
      { productId: p.id, price: null, unavailable: "This item is no longer available.", ships: null, shipDays: null },
      { productId: p.id, variantId: ten.id, price: "36.50", unavailable: null, ships: "Made to order — ships in 10–12 working days", shipDays: { min: 10, max: 12 } },
    ]);
  });

  it("checkout prices each variant on the server and refuses a variant that is not the product's", async () => {
    const { json: p } = await newProduct("priced-jig", { options: [SIZE], variants: sizes("PJ") });
    const [six, eight] = p.variants as Array<{ id: number }>;
    const { json: other } = await newProduct("priced-other", { options: [SIZE], variants: sizes("PO") });
    const ok = await authorise([
      { productId: p.id, variantId: six.id, quantity: 2 },
      { productId: p.id, variantId: eight.id, quantity: 1 },
    ]);
    expect(ok.prepared.status).toBe(200);
    // 2 × 29.00 + 34.00 = 92.00, under the free-shipping threshold: + 15.99.
    expect(ok.prepared.json).toMatchObject({ subtotal: "92.00", shipping: "15.99", total: "107.99" });
    const checkout = await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: ok.paymentIntentId! } });
    expect(checkout.items).toEqual([
      expect.objectContaining({ productId: p.id, variantId: six.id, variantSku: "PJ-6", variantLabel: "Size: 6 mm", price: "29.00", quantity: 2 }),
      expect.objectContaining({ productId: p.id, variantId: eight.id, variantSku: "PJ-8", variantLabel: "Size: 8 mm", price: "34.00", quantity: 1 }),
    ]);
    // What the browser claims is compared, never used: the product's own (lowest) price for an 8 mm is refused.
    expect((await authorise([{ productId: p.id, variantId: eight.id, quantity: 1 }], "cheat", 2900 + 1599)).prepared.status).toBe(409);

    const foreign = await authorise([{ productId: p.id, variantId: other.variants[1].id, quantity: 1 }]);
    expect(foreign.prepared.status).toBe(400);
    expect(foreign.prepared.json.message).toBe("That option is not one of “priced jig”'s.");
    const none = await authorise([{ productId: p.id, quantity: 1 }]);
    expect(none.prepared.status).toBe(400);
    expect(none.prepared.json.message).toBe("Choose which “priced jig” you want: it comes in several options.");
    expect((await authorise([{ productId: ids["dowel-jig"], variantId: six.id, quantity: 1 }])).prepared.status).toBe(400);
    const gone = await authorise([{ productId: p.id, variantId: 2_000_000_000, quantity: 1 }]);
    expect(gone.prepared.status).toBe(409);
    expect(gone.prepared.json).toMatchObject({ unavailable: [p.id], lines: [{ productId: p.id, variantId: 2_000_000_000, code: "inactive" }] });
    const short = await authorise([{ productId: p.id, variantId: eight.id, quantity: 2 }]);
    expect(short.prepared.status).toBe(409);
    expect(short.prepared.json).toMatchObject({
      message: "“priced jig — Size: 8 mm”: Only 1 left.",
      code: "short",
      lines: [{ productId: p.id, variantId: eight.id, name: "priced jig — Size: 8 mm", code: "short", left: 1 }],
    });
  });

  it("an order line carries its variant; a variant's units are claimed independently of its siblings", async () => {
    const { json: p } = await newProduct("claimed-jig", { options: [SIZE], variants: sizes("CL") });
    const [six, , ten] = p.variants as Array<{ id: number }>;
    const bought = await buy([
      { productId: p.id, variantId: six.id, quantity: 3 },
      { productId: p.id, variantId: ten.id, quantity: 2 },
    ]);
    expect(bought.status).toBe(201);
    const items = await db.prisma.orderItem.findMany({ where: { orderId: bought.orderId! }, orderBy: { id: "asc" } });
    expect(
      items.map((i) => ({
        productId: i.productId,
        productName: i.productName,
        variantId: i.variantId,
        variantSku: i.variantSku,
        variantLabel: i.variantLabel,
        price: i.price.toFixed(2),
        quantity: i.quantity,
        ships: i.ships,
      })),
    ).toEqual([
      { productId: p.id, productName: "claimed jig", variantId: six.id, variantSku: "CL-6", variantLabel: "Size: 6 mm", price: "29.00", quantity: 3, ships: "Ships in 1–2 days" },
      {
        productId: p.id,
        productName: "claimed jig",
        variantId: ten.id,
        variantSku: "CL-10",
        variantLabel: "Size: 10 mm",
        price: "36.50",
        quantity: 2,
        ships: "Made to order — ships in 10–12 working days",
      },
    ]);
    expect(await stockOfSku("CL-6")).toBe(1);
    expect(await stockOfSku("CL-8")).toBe(1);
    expect(await stockOfSku("CL-10")).toBeNull();
    const product = await db.prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(product.stock).toBeNull();
    expect(product.salesCount).toBe(5);
    const event = await db.prisma.orderEvent.findFirstOrThrow({ where: { orderId: bought.orderId!, type: "stock_claimed" } });
    expect(event.detail).toEqual({ lines: [{ productId: p.id, variantId: six.id, name: "claimed jig — Size: 6 mm", quantity: 3 }] });
    // The order as the API and the shopper's emails show it name the variant.
    const { json: order } = await call((await import("@/app/api/orders/[id]/route")).GET as never, `/api/orders/${bought.orderId}`, { params: { id: String(bought.orderId) }, headers: auth });
    expect(order.items[0]).toMatchObject({ productName: "claimed jig", variantId: six.id, variantSku: "CL-6", variantLabel: "Size: 6 mm" });
    const mail = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: "robin@example.com" }, orderBy: { id: "desc" } });
    expect(mail.text).toContain("claimed jig — Size: 6 mm");
    // The 8 mm is untouched by that order and still has its last unit.
    expect((await shopSees("claimed-jig")).variants[1]).toMatchObject({ sku: "CL-8", stock: 1 });
  });

  it("two shoppers at once for the last unit of one variant: one order, the other refused and not charged; the sibling is unaffected", async () => {
    const { json: p } = await newProduct("last-unit-jig", { options: [SIZE], variants: sizes("LU", { "6 mm": { stock: 3 } }) });
    const [six, eight] = p.variants as Array<{ id: number }>;
    const a = await authorise([{ productId: p.id, variantId: eight.id, quantity: 1 }], "amy");
    const b = await authorise([{ productId: p.id, variantId: eight.id, quantity: 1 }], "ben");
    const c = await authorise([{ productId: p.id, variantId: six.id, quantity: 2 }], "cal");
    const results = await Promise.all([a, b, c].map(({ paymentIntentId }) => call(postOrder, "/api/orders", { body: { paymentIntentId } })));
    const [ra, rb, rc] = results;
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.json).toMatchObject({
      message: "Sorry, “last unit jig — Size: 8 mm” just sold out. Your card has not been charged.",
      code: "sold_out",
      unavailable: [p.id],
      lines: [{ productId: p.id, variantId: eight.id, name: "last unit jig — Size: 8 mm", code: "sold_out", left: 0 }],
    });
    expect(refused.json).not.toHaveProperty("left");
    // The sibling's order went through on its own count.
    expect(rc.status).toBe(201);
    expect(await stockOfSku("LU-8")).toBe(0);
    expect(await stockOfSku("LU-6")).toBe(1);
    const loser = ra.status === 409 ? a : b;
    expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: loser.paymentIntentId! } })).status).toBe("canceled");
    expect(await db.prisma.orderItem.count({ where: { variantId: eight.id } })).toBe(1);
    // Run out: sold out for the cart and checkout; its siblings are still on sale.
    expect((await call(addToCart, "/api/cart", { body: { sessionId: nextSession(), productId: p.id, variantId: eight.id, quantity: 1 } })).json).toMatchObject({ code: "sold_out" });
    expect((await call(addToCart, "/api/cart", { body: { sessionId: nextSession(), productId: p.id, variantId: six.id, quantity: 1 } })).status).toBe(200);
  });

  it("a variant on backorder keeps selling past its count; put back on sale returns the variant's units; re-opening takes them again", async () => {
    const { json: p } = await newProduct("returns-jig", { options: [SIZE], variants: sizes("RJ", { "8 mm": { stock: 2, allowBackorder: true, leadTimeMinDays: 5, leadTimeMaxDays: 7 } }) });
    const [six, eight] = p.variants as Array<{ id: number }>;
    const order = await buy([
      { productId: p.id, variantId: eight.id, quantity: 4 },
      { productId: p.id, variantId: six.id, quantity: 1 },
    ]);
    expect(order.status).toBe(201);
    expect(await stockOfSku("RJ-8")).toBe(0);
    expect(await stockOfSku("RJ-6")).toBe(3);
    expect(await db.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.orderId!, variantId: eight.id } })).toMatchObject({ ships: "Back-ordered — ships in 5–7 working days" });
    expect((await setStatus(order.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await stockOfSku("RJ-8")).toBe(2);
    expect(await stockOfSku("RJ-6")).toBe(4);
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(p.id), after: { path: ["variantStock", "RJ-8"], equals: 2 } } });
    expect(audit.before).toMatchObject({ variantStock: { "RJ-8": 0 } });
    expect((await setStatus(order.orderId!, { status: "confirmed" })).status).toBe(200);
    expect(await stockOfSku("RJ-8")).toBe(0);
    expect(await stockOfSku("RJ-6")).toBe(3);
  });

  it("the admin edits variants: a changed count needs a reason and a current form; a deleted variant leaves its order lines' snapshot", async () => {
    const { json: p } = await newProduct("edited-jig", { options: [SIZE], variants: sizes("EJ") });
    const [six, eight, ten] = p.variants as Array<VariantInput & { id: number }>;
    const keep = (v: VariantInput & { id: number }, over: Partial<VariantInput> = {}) => ({
      id: v.id,
      sku: v.sku,
      values: v.values,
      price: v.price,
      kind: v.stock === null ? "made_to_order" : "in_stock",
      stock: v.stock,
      leadTimeMinDays: v.leadTimeMinDays,
      leadTimeMaxDays: v.leadTimeMaxDays,
      ...over,
    });
    const noReason = await put(p.id, { options: [SIZE], variants: [keep(six, { stock: 10, stockWas: 4 }), keep(eight), keep(ten)] });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields).toMatchObject({ stockReason: "Say why the stock changed (it is kept in the audit log)" });
    expect(await stockOfSku("EJ-6")).toBe(4);
    const stale = await put(p.id, { options: [SIZE], variants: [keep(six, { stock: 10, stockWas: 3 }), keep(eight), keep(ten)], stockReason: "New batch" });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe("EJ-6: The stock is now 4: orders came in since this form was loaded. Check the count and save again.");
    const ok = await put(p.id, { options: [SIZE], variants: [keep(six, { stock: 10, stockWas: 4, price: "27.00" }), keep(eight), keep(ten)], stockReason: "New batch of 6" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ price: "27.00", variants: [{ sku: "EJ-6", stock: 10, price: "27.00" }, { sku: "EJ-8" }, { sku: "EJ-10" }] });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(p.id), action: "update" }, orderBy: { id: "desc" } });
    expect(audit.after).toMatchObject({ price: "27.00", stockReason: "New batch of 6", variants: [{ sku: "EJ-6", stock: 10 }, { sku: "EJ-8" }, { sku: "EJ-10" }] });
    expect(audit.before).toMatchObject({ price: "29.00", variants: [{ sku: "EJ-6", stock: 4 }, { sku: "EJ-8" }, { sku: "EJ-10" }] });
    // Another product's variant id is not this product's.
    const { json: other } = await newProduct("edited-other", { options: [SIZE], variants: sizes("EO") });
    expect((await put(p.id, { options: [SIZE], variants: [{ ...keep(six), id: other.variants[0].id }, keep(eight), keep(ten)] })).status).toBe(400);
    // A product with variants keeps its counts on them.
    expect((await put(p.id, { kind: "in_stock", stock: 5 })).json.fields).toMatchObject({ kind: "A product with variants keeps its stock on its variants: set each variant's kind and count." });

    const order = await buy([{ productId: p.id, variantId: eight.id, quantity: 1 }]);
    expect(order.status).toBe(201);
    // The 8 mm is dropped (its SKU moved to a new 12 mm): the order line keeps what it bought.
    const dropped = await put(p.id, {
      options: [{ name: "Size", values: ["6 mm", "10 mm", "12 mm"] }],
      variants: [keep(six, { stock: 10 }), keep(ten), { sku: "EJ-8", values: ["12 mm"], price: "39.00", kind: "made_to_order" }],
    });
    expect(dropped.status).toBe(200);
    expect(dropped.json.variants.map((v: { sku: string; label: string }) => [v.sku, v.label])).toEqual([
      ["EJ-6", "Size: 6 mm"],
      ["EJ-10", "Size: 10 mm"],
      ["EJ-8", "Size: 12 mm"],
    ]);
    expect(await db.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.orderId! } })).toMatchObject({ variantId: null, variantSku: "EJ-8", variantLabel: "Size: 8 mm", productId: p.id });
    // Options and variants go together; [] and [] make it a product without variants again.
    expect((await put(p.id, { options: [] })).status).toBe(400);
    const plain = await put(p.id, { options: [], variants: [], price: "31.00" });
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ price: "31.00", kind: "made_to_order" });
    expect(plain.json).not.toHaveProperty("variants");
    expect(await variantsOf(p.id)).toEqual([]);
  });

  it("low stock and the stock CSV list each counted variant", async () => {
    const { json: p } = await newProduct("csv-jig", { options: [SIZE], variants: sizes("CSV", { "6 mm": { stock: 9 } }) });
    const low = await listLowStock(3);
    expect(low).toEqual(expect.arrayContaining([expect.objectContaining({ id: p.id, slug: "csv-jig", name: "csv jig — Size: 8 mm", stock: 1, sku: "CSV-8" })]));
    expect(low.some((l) => l.sku === "CSV-6" || l.sku === "CSV-10")).toBe(false);
    const res = await call(stockExport as never, "/api/admin/stock/export", { method: "GET", headers: auth });
    const lines = String(res.json).trim().split("\r\n");
    expect(lines).toContain("CSV-6,csv jig — Size: 6 mm,csv-jig,In stock (counted),9,no,,,,yes");
    expect(lines).toContain("CSV-10,csv jig — Size: 10 mm,csv-jig,Made to order,,no,10,12,,yes");
    expect(lines.some((l) => l.startsWith(`MM-${p.id},`))).toBe(false);
  });
});

describe("the low-stock threshold, a shop setting", () => {
  it("is 3 until saved; a save is audited with the admin who made it and moves the dashboard's list", async () => {
    const { getShopSettings, updateShopSettings } = await import("@/lib/catalog/settings-service");
    const { shopSettingsSchema } = await import("@/lib/catalog/admin-schemas");
    const { runAsAdmin } = await import("@/lib/audit/context");
    const { parseOrThrow } = await import("@/lib/validation");
    await db.prisma.shopSettings.deleteMany();
    expect(await getShopSettings()).toEqual({ lowStockThreshold: 3, timeZone: "America/New_York" });
    const keeper = await db.prisma.adminUser.create({ data: { username: "keeper", email: "keeper@example.com", passwordHash: "x" } });
    for (const bad of [-1, 1001, "2.5", "", null, "lots"])
      expect(() => parseOrThrow(shopSettingsSchema, { lowStockThreshold: bad })).toThrow("The low-stock threshold is a whole number from 0 to 1000");
    const saved = await runAsAdmin(keeper, () => updateShopSettings(parseOrThrow(shopSettingsSchema, { lowStockThreshold: "10" })));
    expect(saved).toEqual({ lowStockThreshold: 10, timeZone: "America/New_York" });
    expect(await getShopSettings()).toEqual({ lowStockThreshold: 10, timeZone: "America/New_York" });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "settings" }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ adminUserId: keeper.id, adminName: "keeper", entityId: "shop", action: "update", before: { lowStockThreshold: 3 }, after: { lowStockThreshold: 10 } });
    // Saving the same value again changes nothing and logs nothing.
    await runAsAdmin(keeper, () => updateShopSettings({ lowStockThreshold: 10 }));
    expect(await db.prisma.auditLog.count({ where: { entityType: "settings" } })).toBe(1);
    // The database refuses a value outside the rule, whoever writes it.
    await expect(db.prisma.$executeRawUnsafe(`UPDATE "ShopSettings" SET "lowStockThreshold" = -1`)).rejects.toThrow(/ShopSettings_low_stock_threshold_check/);
    await expect(db.prisma.$executeRawUnsafe(`INSERT INTO "ShopSettings" ("id", "updatedAt") VALUES (2, now())`)).rejects.toThrow(/ShopSettings_single_row_check/);
  });
});
