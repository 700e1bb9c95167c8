/**
 * One statement of an order's money (issue 53), on every document: an order with a discount, paid by
 * two gift cards and a card, refunded partly to the card and partly to a gift card. The confirmation
 * email, the admin view (GET /api/orders/{id}), the shipped and refund emails and the CSV row all show
 * lines that add up to the total, and the card part is what the provider captured.
 */
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { GET as getOrderRoute } from "@/app/api/orders/[id]/route";
import { POST as refund } from "@/app/api/orders/[id]/refund/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { runAsAdmin } from "@/lib/audit/context";
import { signApiToken } from "@/lib/auth/tokens";
import { issueGiftCard } from "@/lib/gift-cards/service";
import { updateOrderStatus } from "@/lib/orders/admin-service";
import { CSV_HEADER, ordersCsvStream } from "@/lib/orders/export-queries";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
let maker: { id: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  for (const p of await db.prisma.product.findMany()) ids[p.slug] = p.id;
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await signApiToken(admin)}` };
  maker = { id: admin.id, username: admin.username };
  await db.prisma.discountCode.create({ data: { code: "TENOFF", kind: "percentage", percentOff: 10 } });
});
afterAll(() => db?.cleanup());

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };
const issue = (dollars: number) => runAsAdmin(maker, () => issueGiftCard({ amount: dollars * 100, recipientEmail: "friend@example.com" }));
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

const emailTo = async (subject: RegExp) => (await db.prisma.emailMessage.findMany({ where: { to: "shopper@example.com" }, orderBy: { id: "asc" } })).filter((e) => subject.test(e.subject)).at(-1)!;
/** "Label: $1.00" lines of an email, as [label, signed cents]. */
const moneyLines = (text: string) => [...text.matchAll(/^([A-Z][^:\n]*): (-?)\$([\d,]+\.\d\d)$/gm)].map((m) => [m[1], (m[2] ? -1 : 1) * cents(m[3])] as const);

describe("the statement of an order paid with a discount, two gift cards and a card, refunded to the card and to a gift card", () => {
  it("every document shows the same figures, adding up to the total and to what the card was charged", async () => {
    const a = await issue(10);
    const b = await issue(20);
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: "sess-statement", items: [{ productId: ids["dowel-jig"], quantity: 2 }], email: "shopper@example.com", firstName: "Robin", lastName: "Ash", shippingAddress: address, giftCards: [a.code, b.code], discountCode: "TENOFF" },
    });
    expect(prepared.status).toBe(200);
    // 48.00 - 4.80 + 15.99 = 59.19; 30.00 by gift cards, 29.19 by card.
    expect(prepared.json).toMatchObject({ total: "59.19", discount: "4.80", giftCardAmount: "30.00", cardAmount: "29.19" });
    expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(placed.status).toBe(201);
    const captured = await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: prepared.json.paymentIntentId } });
    expect(captured).toMatchObject({ status: "succeeded", amount: 2919 });
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });

    // The confirmation email: the discount, each gift card by its last 4 (in the order they were redeemed), and the card's part.
    const redeemed = await db.prisma.giftCardMovement.findMany({ where: { orderId: order.id, kind: "redeemed" }, orderBy: { id: "asc" }, include: { giftCard: true } });
    const paidByCards = redeemed.map((m) => [`Paid by gift card ending ${m.giftCard.code.slice(-4)}`, -cents(m.amount.toFixed(2))] as const);
    expect([...paidByCards].sort()).toEqual([[`Paid by gift card ending ${a.code.slice(-4)}`, 1000], [`Paid by gift card ending ${b.code.slice(-4)}`, 2000]].sort());
    const confirmation = await emailTo(/is confirmed/);
    expect(moneyLines(confirmation.text)).toEqual([
      ["Subtotal", 4800],
      ["Discount (TENOFF)", -480],
      ["Shipping", 1599],
      ["Tax", 0],
      ["Total", 5919],
      ...paidByCards,
      ["Paid by card", captured.amount],
    ]);

    // A partial refund to the card, then one that reaches a gift card (the card part first: 29.19 - 20.00 = 9.19 left on it).
    const refundOf = (body: unknown) => call(refund as never, `/api/orders/${order.id}/refund`, { body, params: { id: String(order.id) }, headers: auth });
    expect((await refundOf({ amount: 20, reason: "Scratched" })).status).toBe(200);
    expect((await refundOf({ amount: 15, reason: "Late" })).status).toBe(200); // 9.19 to the card, 5.81 to a gift card
    const refundedByProvider = (await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId: prepared.json.paymentIntentId } }))._sum.amount;
    expect(refundedByProvider).toBe(2919);

    const refundEmail = await emailTo(/Refund of \$15\.00/);
    const refundLines = moneyLines(refundEmail.text);
    expect(refundLines.slice(5)).toEqual([
      ...paidByCards,
      ["Paid by card", 2919],
      ["Refunded to card", -refundedByProvider!],
      [expect.stringMatching(/^Refunded to gift card ending /), -581],
      ["Net paid", 5919 - 3500],
    ]);

    // The admin view: the same rows, from the API the admin screen reads.
    const viewed = await call(getOrderRoute as never, `/api/orders/${order.id}`, { params: { id: String(order.id) }, headers: auth });
    expect(viewed.status).toBe(200);
    const rows = viewed.json.statement as Array<{ key: string; label: string; cents: number }>;
    const byKey = (k: string) => rows.filter((r) => r.key.startsWith(k)).reduce((s, r) => s + r.cents, 0);
    expect(byKey("subtotal") + byKey("discount") + byKey("shipping") + byKey("tax")).toBe(byKey("total"));
    expect(byKey("gift-card") + byKey("card")).toBe(byKey("total"));
    expect(rows.find((r) => r.key === "card-0")).toMatchObject({ label: "Paid by card", cents: captured.amount });
    expect(byKey("gift-card") + byKey("card") + byKey("refund")).toBe(byKey("net"));
    expect(rows.map((r) => [r.label, r.cents])).toEqual(refundLines.map(([l, c]) => [l, c]));

    // The shipped email carries the statement too.
    await runAsAdmin(maker, () => updateOrderStatus(order.id, { status: "shipped" }));
    expect(moneyLines((await emailTo(/has shipped/)).text)).toEqual(refundLines);

    // The CSV row adds up, with the existing columns first and unchanged.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(order.createdAt);
    const csv = await new Response(ordersCsvStream({ from: day, to: day })).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(header.split(",")).toEqual(CSV_HEADER);
    expect(CSV_HEADER.slice(0, 12)).toEqual(["number", "date", "customer", "email", "items", "subtotal", "shipping", "tax", "total", "refunded", "status", "provider"]);
    const cells = Object.fromEntries(CSV_HEADER.map((h, i) => [h, row.split(",")[i]]));
    expect(cells).toMatchObject({ subtotal: "48.00", discount: "4.80", shipping: "15.99", tax: "0.00", total: "59.19", gift_card: "30.00", card_paid: "29.19", balance_due: "0.00", refunded: "35.00", refunded_to_card: "29.19", refunded_to_gift_card: "5.81", net: "24.19" });
    const c = (k: string) => cents(cells[k]);
    expect(c("subtotal") - c("discount") + c("shipping") + c("tax")).toBe(c("total"));
    expect(c("gift_card") + c("card_paid") + c("balance_due")).toBe(c("total"));
    expect(c("refunded_to_card") + c("refunded_to_gift_card")).toBe(c("refunded"));
    expect(c("gift_card") + c("card_paid") - c("refunded")).toBe(c("net"));
  });
});
