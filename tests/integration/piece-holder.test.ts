/**
 * A one-of-a-kind piece is never sold twice, whatever the maker does to the
 * order after the sale (issue 25, item 1): a sold piece is held by the order
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
import { signApiToken } from "@/lib/auth/tokens";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await signApiToken(admin)}` };
});
afterAll(() => db?.cleanup());

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };
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

    expect((await setStatus(a.orderId!, { status: "cancelled", refund: true, reason: "Wood cracked", putBackOnSale: true })).status).toBe(200);
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
        orderNumber: "ORD-OLD-1", firstName: "Old", lastName: "Order", email: "old@example.com", status: "confirmed", shippingAddress: address, billingAddress: address,
        subtotal: "320.00", shipping: "0.00", shippingService: "USPS_GROUND_ADVANTAGE", tax: "0.00", total: "320.00",
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

  it("the maker marking a held piece unsold clears its holder (the database allows a holder only on a sold piece)", async () => {
    const held = await piece("spalted-burl-bowl");
    expect(held.soldOrderId).not.toBeNull();
    const id = String(ids["spalted-burl-bowl"]);
    const res = await call(putProduct as never, `/api/products/${id}`, { method: "PUT", body: { sold: false }, params: { slug: id }, headers: auth });
    expect(res.status).toBe(200);
    expect(await piece("spalted-burl-bowl")).toMatchObject({ sold: false, soldOrderId: null });
    await expect(db.prisma.product.update({ where: { id: ids["spalted-burl-bowl"] }, data: { soldOrderId: held.soldOrderId } })).rejects.toThrow(/Product_soldOrderId_sold_check|check constraint/);
  });
});
