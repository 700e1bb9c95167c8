/**
 * Stock and lead times: the three kinds of product through the
 * admin API, the cart, checkout and the order; counted stock claimed in the
 * order's transaction (30 shoppers for a batch of 5: exactly 5 orders, the
 * rest refused and not charged); backorder; "put back on sale" returns the
 * units and re-opening takes them again. Shoppers buy through the real
 * routes with the test payment provider.
 */
import { POST as addToCart, PUT as setCartQuantity } from "@/app/api/cart/route";
import { POST as checkCart } from "@/app/api/cart/check/route";
import { GET as getCart } from "@/app/api/cart/[sessionId]/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[slug]/route";
import { POST as postProduct } from "@/app/api/products/route";
import { POST as orderStatus } from "@/app/api/order-status/route";
import { GET as stockExport } from "@/app/api/admin/stock/export/route";
import { listLowStock } from "@/lib/catalog/stock-queries";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { revalidatedTags } from "@/tests/mocks/next-cache";

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
const nextSession = () => `sess-stock-${Date.now().toString(36)}-${++session}`;

const image = { url: "/uploads/stock-1.webp", width: 1200, height: 900, alt: null };
const newProduct = (slug: string, over: Record<string, unknown>) =>
  call(postProduct, "/api/products", {
    method: "POST",
    headers: auth,
    body: { name: slug.replace(/-/g, " "), slug, description: "Made in the workshop.", price: "30.00", categoryId: jigs, images: [image], ...over },
  });
const put = (id: number, body: unknown) => call(putProduct, `/api/products/${id}`, { method: "PUT", body, params: { slug: String(id) }, headers: auth });
const shopSees = async (slug: string) => (await call(getProduct as never, `/api/products/${slug}`, { params: { slug } })).json;
const stockOf = async (id: number) => (await db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;
const setStatus = (id: number, body: unknown) => call(patchStatus as never, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });

/** Payment intent + test card, not yet an order. */
async function authorise(productId: number, quantity: number, shopper = "robin") {
  const prepared = await call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: nextSession(), items: [{ productId, quantity }], email: `${shopper}@example.com`, firstName: shopper, lastName: "Ash", shippingAddress: address },
  });
  if (prepared.status !== 200) return { prepared, paymentIntentId: null };
  const card = await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } });
  expect(card.status).toBe(200);
  return { prepared, paymentIntentId: prepared.json.paymentIntentId as string };
}

async function buy(productId: number, quantity: number, shopper = "robin") {
  const { prepared, paymentIntentId } = await authorise(productId, quantity, shopper);
  if (!paymentIntentId) return { status: prepared.status, json: prepared.json, orderId: null as number | null };
  const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId } });
  const order = placed.status === 201 ? await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: paymentIntentId } }) : null;
  return { status: placed.status, json: placed.json, orderId: order?.id ?? null };
}

describe(`stock and lead times on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("the admin API creates each kind; bad stock fields are a 400 naming the field and change nothing", async () => {
    const counted = await newProduct("batch-board", { kind: "in_stock", stock: "12" });
    expect(counted.status).toBe(201);
    expect(counted.json).toMatchObject({ kind: "in_stock", uniqueItem: false, stock: 12, allowBackorder: false, leadTimeMinDays: null });
    const mto = await newProduct("mto-chair", { kind: "made_to_order", leadTimeMinDays: 15, leadTimeMaxDays: "20" });
    expect(mto.json).toMatchObject({ kind: "made_to_order", stock: null, leadTimeMinDays: 15, leadTimeMaxDays: 20 });
    const unique = await newProduct("unique-stool", { uniqueItem: true });
    expect(unique.json).toMatchObject({ kind: "one_of_a_kind", uniqueItem: true, stock: null });
    // Without a kind a product is what it always was: unique, or unlimited (made to order, the shop's default lead time).
    const plain = await newProduct("plain-jig", {});
    expect(plain.json).toMatchObject({ kind: "made_to_order", stock: null, leadTimeMinDays: null });

    const before = await db.prisma.product.count();
    const noCount = await newProduct("no-count", { kind: "in_stock" });
    expect(noCount.status).toBe(400);
    expect(noCount.json.fields).toMatchObject({ stock: "Enter how many are in stock" });
    expect((await newProduct("negative", { kind: "in_stock", stock: -1 })).json.fields).toMatchObject({ stock: "Stock must be a whole number, 0 or more" });
    expect((await newProduct("half", { kind: "in_stock", stock: "2.5" })).status).toBe(400);
    expect((await newProduct("backwards", { leadTimeMinDays: 20, leadTimeMaxDays: 15 })).json.fields).toMatchObject({ leadTimeMaxDays: "The longest lead time cannot be shorter than the shortest" });
    expect((await newProduct("one-end", { leadTimeMinDays: 5 })).json.fields).toMatchObject({ leadTimeMaxDays: "Give both ends of the lead time, or neither for the shop's default" });
    expect((await newProduct("mto-backorder", { kind: "made_to_order", allowBackorder: true })).json.fields).toMatchObject({ allowBackorder: "Only an in-stock product can be back-ordered" });
    expect((await newProduct("contradiction", { kind: "in_stock", stock: 3, uniqueItem: true })).json.fields).toMatchObject({ kind: "A one-of-a-kind product is kind one_of_a_kind" });
    expect((await newProduct("weird-kind", { kind: "lots" })).status).toBe(400);
    expect(await db.prisma.product.count()).toBe(before);
  });

  it("the database refuses a count below zero and a count on a one-of-a-kind piece", async () => {
    const id = ids["dowel-jig"];
    await expect(db.prisma.$executeRawUnsafe(`UPDATE "Product" SET "stock" = -1 WHERE "id" = ${id}`)).rejects.toThrow(/Product_stock_check/);
    await expect(db.prisma.$executeRawUnsafe(`UPDATE "Product" SET "stock" = 2 WHERE "id" = ${ids["spalted-burl-bowl"]}`)).rejects.toThrow(/Product_stock_kind_check/);
    expect(await stockOf(id)).toBeNull();
  });

  it("a stock adjustment needs a reason, is audited with it, and refuses a form loaded before orders took units", async () => {
    const { json: p } = await newProduct("adjusted-clamp", { kind: "in_stock", stock: 10 });
    const noReason = await put(p.id, { stock: 14 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields).toMatchObject({ stockReason: "Say why the stock changed (it is kept in the audit log)" });
    expect(await stockOf(p.id)).toBe(10);
    const ok = await put(p.id, { stock: 14, stockReason: "New batch of 4", stockWas: 10 });
    expect(ok.status).toBe(200);
    expect(ok.json.stock).toBe(14);
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(p.id), action: "update" }, orderBy: { id: "desc" } });
    expect(audit.before).toMatchObject({ stock: 10 });
    expect(audit.after).toMatchObject({ stock: 14, stockReason: "New batch of 4" });
    const stale = await put(p.id, { stock: 20, stockReason: "Counted again", stockWas: 10 });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe("The stock is now 14: orders came in since this form was loaded. Check the count and save again.");
    expect(await stockOf(p.id)).toBe(14);
    // Switching kind drops the count; switching back needs one.
    expect((await put(p.id, { kind: "made_to_order" })).json).toMatchObject({ kind: "made_to_order", stock: null });
    expect((await put(p.id, { kind: "in_stock" })).json.fields).toMatchObject({ stock: "Enter how many are in stock" });
  });

  it("each kind goes cart → checkout → order; an in-stock product loses the units and says what it promises", async () => {
    const { json: board } = await newProduct("cutting-board-batch", { kind: "in_stock", stock: 4 });
    const { json: chair } = await newProduct("made-chair", { kind: "made_to_order", leadTimeMinDays: 15, leadTimeMaxDays: 20 });
    expect(await shopSees("cutting-board-batch")).toMatchObject({ kind: "in_stock", stock: 4 });

    revalidatedTags.length = 0;
    const bought = await buy(board.id, 3);
    expect(bought.status).toBe(201);
    expect(await stockOf(board.id)).toBe(1);
    // The product page and listings show the new count at the next request.
    expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:cutting-board-batch"]));
    const event = await db.prisma.orderEvent.findFirstOrThrow({ where: { orderId: bought.orderId!, type: "stock_claimed" } });
    expect(event.detail).toEqual({ lines: [{ productId: board.id, name: "cutting board batch", quantity: 3 }] });

    expect((await buy(chair.id, 7)).status).toBe(201);
    expect(await stockOf(chair.id)).toBeNull();
    expect((await buy(ids["spalted-burl-bowl"], 1)).status).toBe(201);
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: ids["spalted-burl-bowl"] } })).sold).toBe(true);
    // A product from before issue 29 (no count) is still sold in any number.
    expect((await buy(ids["dowel-jig"], 25)).status).toBe(201);
  });

  it("the confirmation email and the order-status page repeat each line's promise and the order's latest", async () => {
    const { json: board } = await newProduct("promised-board", { kind: "in_stock", stock: 10 });
    const { json: chair } = await newProduct("promised-chair", { kind: "made_to_order", leadTimeMinDays: 15, leadTimeMaxDays: 20 });
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: {
        sessionId: nextSession(),
        items: [
          { productId: board.id, quantity: 2 },
          { productId: chair.id, quantity: 1 },
        ],
        email: "mixed@example.com",
        firstName: "Mo",
        lastName: "Ash",
        shippingAddress: address,
      },
    });
    expect(prepared.status).toBe(200);
    await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } });
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(placed.status).toBe(201);
    const mail = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: "mixed@example.com" }, orderBy: { id: "desc" } });
    expect(mail.text).toContain("2 × promised board @ $30.00 = $60.00 (Ships in 1–2 days)");
    expect(mail.text).toContain("1 × promised chair @ $30.00 = $30.00 (Made to order — ships in 15–20 working days)");
    expect(mail.text).toContain("Your order ships in 15–20 working days.");
    expect(mail.html).toContain("Made to order — ships in 15–20 working days");
    const status = await call(orderStatus, "/api/order-status", { body: { orderNumber: placed.json.orderNumber, email: "mixed@example.com" }, headers: { "x-forwarded-for": "203.0.113.77" } });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      ships: "Your order ships in 15–20 working days",
      items: [
        { name: "promised board", quantity: 2, ships: "Ships in 1–2 days" },
        { name: "promised chair", quantity: 1, ships: "Made to order — ships in 15–20 working days" },
      ],
    });
  });

  it("the cart and the payment intent refuse more than is left (409 naming the count) and a sold-out product", async () => {
    const { json: p } = await newProduct("three-left", { kind: "in_stock", stock: 3 });
    const sessionId = nextSession();
    const add = (quantity: number) => call(addToCart, "/api/cart", { body: { sessionId, productId: p.id, quantity } });
    expect((await add(2)).status).toBe(200);
    const over = await add(2);
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ message: "Only 3 left.", code: "stock_limit", left: 3 });
    const set = await call(setCartQuantity, "/api/cart", { method: "PUT", body: { sessionId, productId: p.id, quantity: 5 } });
    expect(set.status).toBe(409);
    const cart = await db.prisma.cartItem.findFirstOrThrow({ where: { sessionId, productId: p.id, variantId: null } });
    expect(cart.quantity).toBe(2);
    const check = await call(checkCart, "/api/cart/check", { body: { items: [{ productId: p.id, quantity: 4 }] } });
    expect(check.json.items).toEqual([{ productId: p.id, price: "30.00", unavailable: "Only 3 left.", ships: "Ships in 1–2 days", shipDays: { min: 1, max: 2 } }]);
    // The server cart says when each line ships.
    const { json: serverCart } = await call(getCart as never, `/api/cart/${sessionId}`, { params: { sessionId } });
    expect(serverCart.items).toEqual([expect.objectContaining({ productId: p.id, quantity: 2, ships: "Ships in 1–2 days", shipDays: { min: 1, max: 2 }, available: true })]);

    const intents = await db.prisma.testPaymentIntent.count();
    const tooMany = await authorise(p.id, 4);
    expect(tooMany.prepared.status).toBe(409);
    expect(tooMany.prepared.json).toMatchObject({ message: "“three left”: Only 3 left.", unavailable: [p.id], left: { [p.id]: 3 } });
    expect(await db.prisma.testPaymentIntent.count()).toBe(intents);

    expect((await buy(p.id, 3)).status).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    expect(await shopSees("three-left")).toMatchObject({ stock: 0, allowBackorder: false });
    const soldOut = await call(addToCart, "/api/cart", { body: { sessionId: nextSession(), productId: p.id, quantity: 1 } });
    expect(soldOut.status).toBe(409);
    expect(soldOut.json).toMatchObject({ message: "This item is sold out.", code: "sold_out" });
    const late = await authorise(p.id, 1);
    expect(late.prepared.status).toBe(409);
    expect(late.prepared.json.message).toBe("“three left”: This item is sold out.");
  });

  it("a product on backorder keeps selling past its count, never below zero", async () => {
    const { json: p } = await newProduct("butter-backorder", { kind: "in_stock", stock: 2, allowBackorder: true, leadTimeMinDays: 5, leadTimeMaxDays: 7 });
    const first = await buy(p.id, 5);
    expect(first.status).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    // Only the two units it had are the order's to return.
    const event = await db.prisma.orderEvent.findFirstOrThrow({ where: { orderId: first.orderId!, type: "stock_claimed" } });
    expect(event.detail).toMatchObject({ lines: [{ productId: p.id, quantity: 2 }] });
    // Three of the five wait for the next batch: the whole line is promised in the lead time.
    expect(await db.prisma.orderItem.findFirstOrThrow({ where: { orderId: first.orderId! } })).toMatchObject({ ships: "Back-ordered — ships in 5–7 working days", shipsMinDays: 5, shipsMaxDays: 7 });
    expect((await buy(p.id, 3)).status).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
    expect(await db.prisma.orderEvent.count({ where: { type: "stock_claimed", detail: { path: ["lines"], array_contains: [{ productId: p.id }] } } })).toBe(1);
    // Backorder switched off: the same product is now sold out.
    expect((await put(p.id, { allowBackorder: false })).status).toBe(200);
    expect((await authorise(p.id, 1)).prepared.status).toBe(409);
  });

  it("an order whose units went meanwhile is refused with 409 naming what is left, its authorisation voided", async () => {
    const { json: p } = await newProduct("last-jig", { kind: "in_stock", stock: 2 });
    const late = await authorise(p.id, 2, "late");
    expect((await buy(p.id, 1, "early")).status).toBe(201);
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: late.paymentIntentId } });
    expect(placed.status).toBe(409);
    expect(placed.json.message).toBe("Sorry, only 1 of “last jig” is left. Your card has not been charged.");
    expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: late.paymentIntentId! } })).status).toBe("canceled");
    expect(await stockOf(p.id)).toBe(1);
  });

  it("30 shoppers at once for a batch of 5: exactly 5 orders, 25 refused and not charged, the count at 0", async () => {
    const { json: p } = await newProduct("race-batch", { kind: "in_stock", stock: 5 });
    const prepared: string[] = [];
    for (let i = 0; i < 30; i++) prepared.push((await authorise(p.id, 1, `racer${i}`)).paymentIntentId!);
    const results = await Promise.all(prepared.map((paymentIntentId) => call(postOrder, "/api/orders", { body: { paymentIntentId } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(25);
    expect(new Set(refused.map((r) => r.json.message))).toEqual(new Set(["Sorry, “race batch” just sold out. Your card has not been charged."]));
    const intents = await db.prisma.testPaymentIntent.findMany({ where: { id: { in: prepared } } });
    expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(5);
    expect(intents.filter((i) => i.status === "canceled")).toHaveLength(25);
    expect(await db.prisma.orderItem.count({ where: { productId: p.id } })).toBe(5);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("cancel with put back on sale returns the units once; re-opening takes them again, or is refused when they went", async () => {
    const { json: p } = await newProduct("returnable-square", { kind: "in_stock", stock: 5 });
    const a = await buy(p.id, 3, "ada");
    expect(await stockOf(p.id)).toBe(2);
    expect((await setStatus(a.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(5);
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "product", entityId: String(p.id) }, orderBy: { id: "desc" } });
    expect(audit.after).toMatchObject({ stock: 5 });
    // Re-opened: the order holds its three units again.
    expect((await setStatus(a.orderId!, { status: "confirmed" })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
    // Cancelled without putting back: the units stay with the order.
    expect((await setStatus(a.orderId!, { status: "cancelled" })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
    expect((await setStatus(a.orderId!, { status: "confirmed" })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(2);
    // Put back, then someone buys four: re-opening would need three and only one is left.
    expect((await setStatus(a.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(5);
    expect((await buy(p.id, 4, "bea")).status).toBe(201);
    const reopen = await setStatus(a.orderId!, { status: "processing" });
    expect(reopen.status).toBe(409);
    expect(reopen.json.message).toMatch(/cannot be re-opened: it needs 3 of “returnable square” and only 1 is left\.$/);
    expect(await stockOf(p.id)).toBe(1);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: a.orderId! } })).status).toBe("cancelled");
  });

  it("the dashboard lists what runs low, emptiest first, and the admin downloads every product's stock as CSV", async () => {
    await newProduct("low-two", { kind: "in_stock", stock: 2 });
    await newProduct("low-plenty", { kind: "in_stock", stock: 50 });
    const { json: formula } = await newProduct("formula-name", { name: "=HYPERLINK(1)", kind: "in_stock", stock: 1 });
    const low = await listLowStock(3);
    expect(low.map((p) => p.slug)).toEqual(expect.arrayContaining(["low-two", "formula-name"]));
    expect(low.map((p) => p.slug)).not.toContain("low-plenty");
    expect(low.every((p, i) => i === 0 || low[i - 1].stock <= p.stock)).toBe(true);
    expect(low.some((p) => p.stock > 3)).toBe(false);

    expect((await call(stockExport as never, "/api/admin/stock/export", { method: "GET" })).status).toBe(401);
    const res = await call(stockExport as never, "/api/admin/stock/export", { method: "GET", headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = String(res.json).trim().split("\r\n");
    expect(lines[0]).toBe("sku,name,slug,kind,stock,allow_backorder,lead_time_min_days,lead_time_max_days,sold,active");
    expect(lines).toContain("MM-" + ids["dowel-jig"] + ",Dowel Jig,dowel-jig,Made to order,,no,10,15,,yes");
    expect(lines).toContain("MM-" + ids["sold-cherry-bowl"] + ",Sold Cherry Bowl,sold-cherry-bowl,One of a kind,,no,,,yes,yes");
    expect(lines).toContain(`MM-${formula.id},'=HYPERLINK(1),formula-name,In stock (counted),1,no,,,,yes`);
    expect(lines).toHaveLength((await db.prisma.product.count()) + 1);
  });
});
