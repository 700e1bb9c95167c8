/**
 * A one-of-a-kind piece is never sold twice, whatever the maker does to the
 * order after the sale (item 1): a sold piece is held by the order
 * that bought it; only that order can put it back on sale, and re-opening a
 * cancelled order claims its pieces again or is refused, naming the holder.
 * Shoppers buy through the real checkout routes (test provider).
 */
import { POST as addToCart } from "@/app/api/cart/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[slug]/route";
import { readFileSync } from "node:fs";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  auth = shop.auth;
});
afterAll(() => db?.cleanup());

let session = 0;

/** A shopper buys through the checkout: payment intent, test card, order. Returns the HTTP answer of each step. */
async function buy(shopper: string, slug: string) {
  const sessionId = `sess-holder-${Date.now().toString(36)}-${++session}`;
  const prepared = await call(createIntent, "/api/create-payment-intent", {
    body: { sessionId, items: [{ productId: ids[slug], quantity: 1 }], email: `${shopper}@example.com`, firstName: shopper, lastName: "Buyer", shippingAddress: address },
  });
  if (prepared.status !== 200) return { status: prepared.status, json: prepared.json, orderId: null };
  const card = await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } });
  expect(card.status).toBe(200);
  const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
  const order = placed.status === 201 ? await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } }) : null;
  return { status: placed.status, json: placed.json, orderId: order?.id ?? null, orderNumber: order?.orderNumber ?? null };
}

const setStatus = (id: number, body: unknown) => call(patchStatus as never, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });
const piece = (slug: string) => db.prisma.product.findUniqueOrThrow({ where: { slug }, select: { sold: true, soldOrderId: true, showInGallery: true } });
const shopSees = async (slug: string) => (await call(getProduct as never, `/api/products/${slug}`, { params: { slug } })).json as { sold: boolean };
const addOne = (slug: string) => call(addToCart, "/api/cart", { body: { sessionId: `sess-cart-${++session}`, productId: ids[slug], quantity: 1 } });

describe(`one-of-a-kind pieces after the sale on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("cancel A and put back → B buys → A re-opened → A cancelled and put back again: the piece stays B's and cannot be bought", async () => {
    const a = await buy("ada", "spalted-burl-bowl");
    expect(a.status).toBe(201);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: a.orderId });

    expect((await setStatus(a.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: false, soldOrderId: null });

    const b = await buy("bea", "spalted-burl-bowl");
    expect(b.status).toBe(201);

    const reopen = await setStatus(a.orderId!, { status: "processing" });
    expect(reopen.status).toBe(409);
    expect(reopen.json.message).toBe(
      `Order ${(await db.prisma.order.findUniqueOrThrow({ where: { id: a.orderId! } })).orderNumber} cannot be re-opened: “Spalted Burl Bowl” went back on sale when it was cancelled, and order ${b.orderNumber} now holds it.`,
    );
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: a.orderId! } })).status).toBe("cancelled");

    // Cancelling A again (a no-op now) never frees B's piece.
    expect((await setStatus(a.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: b.orderId });
    expect(await shopSees("spalted-burl-bowl")).toMatchObject({ sold: true });
    expect((await addOne("spalted-burl-bowl")).status).toBe(409);
    const third = await buy("cy", "spalted-burl-bowl");
    expect(third.status).toBe(409);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: b.orderId! } })).status).toBe("confirmed");
  });

  it("an order that holds a piece it never let go can be re-opened, and only the holder can put it back on sale", async () => {
    await db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { sold: false, soldOrderId: null } });
    const a = await buy("dee", "spalted-burl-bowl");
    // Cancelled without putting it back: A still holds it, withdrawn from the shop.
    expect((await setStatus(a.orderId!, { status: "cancelled" })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: a.orderId });
    expect((await setStatus(a.orderId!, { status: "confirmed" })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: a.orderId });
    // An order that never held the piece (an old order of the same product) cannot release it.
    const other = await db.prisma.order.create({
      data: {
        orderNumber: "ORD-OLD-1",
        firstName: "Old",
        lastName: "Order",
        email: "old@example.com",
        status: "confirmed",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "320.00",
        shipping: "0.00",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: "320.00",
        items: { create: [{ productId: ids["spalted-burl-bowl"], productName: "Spalted Burl Bowl", price: "320.00", quantity: 1, total: "320.00" }] },
      },
    });
    expect((await setStatus(other.id, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: a.orderId });
  });

  it("re-opening a cancelled order whose piece is still unsold claims it again: it leaves the shop and the timeline says so", async () => {
    await db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { sold: false, soldOrderId: null } });
    const a = await buy("eve", "spalted-burl-bowl");
    expect((await setStatus(a.orderId!, { status: "cancelled", putBackOnSale: true })).status).toBe(200);
    expect(await shopSees("spalted-burl-bowl")).toMatchObject({ sold: false });
    expect((await setStatus(a.orderId!, { status: "processing" })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: a.orderId });
    expect(await shopSees("spalted-burl-bowl")).toMatchObject({ sold: true });
    expect((await buy("fay", "spalted-burl-bowl")).status).toBe(409);
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: a.orderId! }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["put_back_on_sale", "pieces_reclaimed"]));
    expect(events.find((e) => e.type === "pieces_reclaimed")?.detail).toEqual({ products: ["Spalted Burl Bowl"] });
  });

  it("the product form cannot un-sell a piece a live order holds (a form loaded before the sale); once its order is cancelled it can, and the holder goes", async () => {
    const held = await piece("spalted-burl-bowl");
    expect(held.soldOrderId).not.toBeNull();
    const holder = await db.prisma.order.findUniqueOrThrow({ where: { id: held.soldOrderId! } });
    const id = String(ids["spalted-burl-bowl"]);
    const put = (body: unknown) => call(putProduct as never, `/api/products/${id}`, { method: "PUT", body, params: { slug: id }, headers: auth });
    const stale = await put({ name: "Spalted Burl Bowl", sold: false });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(`“Spalted Burl Bowl” was bought in order ${holder.orderNumber}: it cannot be marked unsold here. Cancel that order with “put back on sale” to sell it again.`);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: true, soldOrderId: holder.id });
    // A typo fix that keeps it sold goes through.
    expect((await put({ name: "Spalted Burl Bowl", sold: true })).status).toBe(200);
    // Cancelled without putting it back: withdrawn; the maker may then sell it again by hand.
    expect((await setStatus(holder.id, { status: "cancelled" })).status).toBe(200);
    expect((await put({ sold: false })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: false, soldOrderId: null });
    await expect(db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { soldOrderId: holder.id } })).rejects.toThrow(/Product_soldOrderId_sold_check|check constraint/);
  });

  it("re-opening a cancelled order refunded in full takes no piece off sale", async () => {
    await db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { sold: false, soldOrderId: null } });
    const a = await buy("gil", "spalted-burl-bowl");
    expect((await setStatus(a.orderId!, { status: "cancelled", refund: true, reason: "Changed mind", putBackOnSale: true })).status).toBe(200);
    expect((await setStatus(a.orderId!, { status: "processing" })).status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: false, soldOrderId: null });
  });

  it("the migration's backfill names each sold piece's holder: a live order first, never one that put the piece back on sale", async () => {
    const sql = readFileSync("prisma/migrations/20261126000000_piece_holder_refund_fingerprint/migration.sql", "utf8");
    const backfill = /UPDATE "Product" p SET "soldOrderId"[\s\S]*?WHERE p\."uniqueItem" AND p\."sold";/.exec(sql)![0];
    const cat = await db.prisma.category.findFirstOrThrow();
    const made = async (name: string) =>
      db.prisma.product.create({ data: { name, slug: name.toLowerCase().replace(/ /g, "-"), description: "d", price: "10.00", categoryId: cat.id, uniqueItem: true, sold: true } });
    let n = 0;
    const order = async (productName: string, productId: number, status: "confirmed" | "cancelled", putBack = false) => {
      const o = await db.prisma.order.create({
        data: {
          orderNumber: `ORD-BACKFILL-${++n}`,
          firstName: "B",
          lastName: "F",
          email: "b@example.com",
          status,
          shippingAddress: address,
          billingAddress: address,
          subtotal: "10.00",
          shipping: "0.00",
          shippingService: "X",
          tax: "0.00",
          total: "10.00",
          createdAt: new Date(Date.now() + n * 1000),
          items: { create: [{ productId, productName, price: "10.00", quantity: 1, total: "10.00" }] },
        },
      });
      if (putBack) await db.prisma.orderEvent.create({ data: { orderId: o.id, type: "put_back_on_sale", detail: { products: [productName] }, actor: "admin" } });
      return o;
    };
    const live = await made("Backfill Live");
    const liveOrder = await order("Backfill Live", live.id, "confirmed");
    await order("Backfill Live", live.id, "cancelled"); // newer, but cancelled
    const byHand = await made("Backfill By Hand");
    await order("Backfill By Hand", byHand.id, "cancelled", true); // let go, then sold in person and marked sold
    const kept = await made("Backfill Kept");
    const keptOrder = await order("Backfill Kept", kept.id, "cancelled"); // cancelled without putting it back: still holds it
    await db.prisma.$executeRawUnsafe(backfill);
    const holders = Object.fromEntries((await db.prisma.product.findMany({ where: { id: { in: [live.id, byHand.id, kept.id] } } })).map((p) => [p.name, p.soldOrderId]));
    expect(holders).toEqual({ "Backfill Live": liveOrder.id, "Backfill By Hand": null, "Backfill Kept": keptOrder.id });
  });
});
