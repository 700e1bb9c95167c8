/**
 * One statement of an order's money, on every document: an order with a discount, paid by
 * two gift cards and a card, refunded partly to the card and partly to a gift card. The confirmation
 * email, the admin view (GET /api/orders/{id}), the shipped and refund emails and the CSV row all show
 * lines that add up to the total, and the card part is what the provider captured.
 */
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { GET as getOrderRoute } from "@/app/api/orders/[id]/route";
import { GET as getTimeline } from "@/app/api/orders/[id]/timeline/route";
import { describeOrderEvent } from "@/components/admin/order-timeline";
import { POST as refund } from "@/app/api/orders/[id]/refund/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { POST as postCommission } from "@/app/api/commissions/route";
import { POST as payQuote } from "@/app/api/quotes/[token]/payment/route";
import { runAsAdmin } from "@/lib/audit/context";
import { balanceQuoteSchema, quoteSchema } from "@/lib/commissions/admin-schemas";
import { createQuote, moveCommission, sendBalanceQuote } from "@/lib/commissions/service";
import { lookupOrderStatus } from "@/lib/orders/lookup-queries";
import { refundOrder } from "@/lib/orders/refund-service";
import { issueGiftCard } from "@/lib/gift-cards/service";
import { updateOrderStatus } from "@/lib/orders/admin-service";
import { CSV_HEADER, ordersCsvStream } from "@/lib/orders/export-queries";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
let maker: { id: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  ({ auth, maker } = shop);
  await db.prisma.discountCode.create({ data: { code: "TENOFF", kind: "percentage", percentOff: 10 } });
});
afterAll(() => db?.cleanup());

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
      body: {
        sessionId: "sess-statement",
        items: [{ productId: ids["dowel-jig"], quantity: 2 }],
        email: "shopper@example.com",
        firstName: "Robin",
        lastName: "Ash",
        shippingAddress: address,
        giftCards: [a.code, b.code],
        discountCode: "TENOFF",
      },
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
    expect([...paidByCards].sort()).toEqual(
      [
        [`Paid by gift card ending ${a.code.slice(-4)}`, 1000],
        [`Paid by gift card ending ${b.code.slice(-4)}`, 2000],
      ].sort(),
    );
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

    // The timeline (as the admin's order view reads it) names what the provider captured and where each refund went.
    const timeline = await call(getTimeline as never, `/api/orders/${order.id}/timeline`, { params: { id: String(order.id) }, headers: auth });
    expect(timeline.status).toBe(200);
    const said = (type: string) => (timeline.json as Array<Parameters<typeof describeOrderEvent>[0]>).filter((e) => e.type === type).map((e) => describeOrderEvent(e));
    expect(said("paid")).toEqual([`Payment of $${(captured.amount / 100).toFixed(2)} captured`]);
    expect(said("refunded")).toEqual(["Refunded $20.00 — Scratched", "Refunded $15.00 ($9.19 to the card, $5.81 to gift cards) — Late"]);
    const refundedOnTimeline = (timeline.json as Array<{ type: string; detail: { amount?: string; toCard?: string; toGiftCard?: string } }>).filter((e) => e.type === "refunded");
    expect(refundedOnTimeline.reduce((sum, e) => sum + cents(e.detail.toCard ?? e.detail.amount!), 0)).toBe(refundedByProvider);
    expect(refundedOnTimeline.reduce((sum, e) => sum + cents(e.detail.toGiftCard ?? "0"), 0)).toBe(581);

    // The shipped email carries the statement too; the order-status page shows it, and once delivered no longer promises "Ships in …".
    const shopperSees = () => lookupOrderStatus({ orderNumber: order.orderNumber, email: "shopper@example.com" });
    expect((await shopperSees()).items[0].ships).toMatch(/ships in/i);
    await runAsAdmin(maker, () => updateOrderStatus(order.id, { status: "shipped" }));
    expect(moneyLines((await emailTo(/has shipped/)).text)).toEqual(refundLines);
    await runAsAdmin(maker, () => updateOrderStatus(order.id, { status: "delivered" }));
    const status = await shopperSees();
    expect(status.money.map((r) => [r.label, cents(r.text.replace(/^-/, ""))])).toEqual(refundLines.map(([l, c]) => [l, Math.abs(c)]));
    expect(status.ships).toBeNull();
    expect(status.items.map((i) => i.ships)).toEqual([null]);

    // The CSV row adds up, with the existing columns first and unchanged.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(order.createdAt);
    const csv = await new Response(ordersCsvStream({ from: day, to: day })).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header.split(",")).toEqual(CSV_HEADER);
    expect(CSV_HEADER.slice(0, 12)).toEqual(["number", "date", "customer", "email", "items", "subtotal", "shipping", "tax", "total", "refunded", "status", "provider"]);
    const cells = Object.fromEntries(CSV_HEADER.map((h, i) => [h, row.split(",")[i]]));
    expect(cells).toMatchObject({
      subtotal: "48.00",
      discount: "4.80",
      shipping: "15.99",
      tax: "0.00",
      total: "59.19",
      gift_card: "30.00",
      card_paid: "29.19",
      balance_due: "0.00",
      refunded: "35.00",
      refunded_to_card: "29.19",
      refunded_to_gift_card: "5.81",
      net: "24.19",
    });
    const c = (k: string) => cents(cells[k]);
    expect(c("subtotal") - c("discount") + c("shipping") + c("tax")).toBe(c("total"));
    expect(c("gift_card") + c("card_paid") + c("balance_due")).toBe(c("total"));
    expect(c("refunded_to_card") + c("refunded_to_gift_card")).toBe(c("refunded"));
    expect(c("gift_card") + c("card_paid") - c("refunded")).toBe(c("net"));
  });
});

describe("the statement of a commission paid with a deposit, then its balance", () => {
  const contact = { email: "robin@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const pay = (token: string, amount: number) => call(payQuote as never, `/api/quotes/${token}/payment`, { params: { token }, body: { ...contact, shippingAddress: address, amount } });
  const authorise = (clientSecret: string) => call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret, card: CARD_OK } });
  const robinsEmail = async (subject: RegExp) => (await db.prisma.emailMessage.findMany({ where: { to: contact.email }, orderBy: { id: "asc" } })).filter((e) => subject.test(e.subject)).at(-1)!;

  it("the confirmation email and page say what the deposit paid and what is due, and the quote's lead time; the balance and a refund follow", async () => {
    const asked = await call(postCommission, "/api/commissions", {
      body: { name: "Robin Ash", email: contact.email, description: "A salad bowl in black walnut, about 12 inches across, for a wedding present.", budget: "150_300" },
      headers: fromClient("198.51.100.77"),
    });
    expect(asked.status).toBe(201);
    const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: asked.json.reference } });
    const input = quoteSchema.parse({ id: commission.id, price: "240", shipping: "18.50", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: day(14), depositPercent: "30" });
    const { url } = await runAsAdmin(maker, () => createQuote(input));
    const prepared = await pay(url.split("/quote/")[1], 25850);
    expect(prepared.json).toMatchObject({ total: "258.50", cardAmount: "72.00", balanceDue: "186.50" });
    await authorise(prepared.json.clientSecret);
    // The browser that paid gets the order's statement and own lead time (what the thank-you page shows).
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret } });
    expect(placed.status).toBe(201);
    const captured = await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: prepared.json.paymentIntentId } });
    expect(captured).toMatchObject({ status: "succeeded", amount: 7200 });
    expect(placed.json.order.shipsEstimate).toBe("Your order ships in 15–20 working days");
    expect(placed.json.order.statement.map((r: { label: string; text: string }) => `${r.label}: ${r.text}`)).toEqual([
      "Subtotal: $240.00",
      "Shipping: $18.50",
      "Tax: $0.00",
      "Total: $258.50",
      "Deposit paid by card: $72.00",
      "Balance due: $186.50",
    ]);

    const confirmation = await robinsEmail(/is confirmed/);
    expect(moneyLines(confirmation.text)).toEqual([
      ["Subtotal", 24000],
      ["Shipping", 1850],
      ["Tax", 0],
      ["Total", 25850],
      ["Deposit paid by card", captured.amount],
      ["Balance due", 18650],
    ]);
    expect(confirmation.text).toContain("Your order ships in 15–20 working days.");

    // The balance, by its link: a second card payment; nothing is due any more.
    await runAsAdmin(maker, () => moveCommission({ id: commission.id, status: "in_progress" }));
    const sent = await runAsAdmin(maker, () => sendBalanceQuote(balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(7) })));
    const balance = await pay(sent.url.split("/quote/")[1], 18650);
    expect(balance.status).toBe(200);
    await authorise(balance.json.clientSecret);
    expect((await call(postOrder, "/api/orders", { body: { paymentIntentId: balance.json.paymentIntentId, clientSecret: balance.json.clientSecret } })).status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    await runAsAdmin(maker, () => refundOrder(order.id, { amount: 50, reason: "A scratch on the top" }));
    const refundEmail = await robinsEmail(/Refund of \$50\.00/);
    expect(moneyLines(refundEmail.text)).toEqual([
      ["Subtotal", 24000],
      ["Shipping", 1850],
      ["Tax", 0],
      ["Total", 25850],
      ["Deposit paid by card", 7200],
      ["Balance paid by card", 18650],
      ["Refunded to card", -5000],
      ["Net paid", 20850],
    ]);
    const status = await lookupOrderStatus({ orderNumber: order.orderNumber, email: contact.email });
    expect(status.money.map((r) => `${r.label}: ${r.text}`)).toEqual(refundEmail.text.split("\n").filter((l) => moneyLines(l).length));

    // The admin view: the same rows; the deposit and the balance are each what the provider captured.
    const balanceCaptured = await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: balance.json.paymentIntentId } });
    expect(balanceCaptured).toMatchObject({ status: "succeeded", amount: 18650 });
    const viewed = await call(getOrderRoute as never, `/api/orders/${order.id}`, { params: { id: String(order.id) }, headers: auth });
    expect((viewed.json.statement as Array<{ label: string; cents: number }>).map((r) => [r.label, r.cents])).toEqual(moneyLines(refundEmail.text));
    // The timeline: the deposit captured with the balance due, the balance captured, the refund.
    const timeline = await call(getTimeline as never, `/api/orders/${order.id}/timeline`, { params: { id: String(order.id) }, headers: auth });
    const said = (type: string) => (timeline.json as Array<Parameters<typeof describeOrderEvent>[0]>).filter((e) => e.type === type).map((e) => describeOrderEvent(e));
    expect(said("paid")).toEqual([`Payment of $72.00 captured (deposit; balance of $186.50 due)`, "Balance of $186.50 captured"]);
    expect(said("refunded")).toEqual(["Refunded $50.00 — A scratch on the top"]);
    // The CSV row adds up: the deposit and the balance are both card payments, nothing is due.
    const placedOn = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(order.createdAt);
    const csv = await new Response(ordersCsvStream({ from: placedOn, to: placedOn })).text();
    const row = csv.split(/\r?\n/).find((l) => l.startsWith(`${order.orderNumber},`))!;
    // Cells may be quoted (the item's name holds commas).
    const split = [...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]);
    const cells = Object.fromEntries(CSV_HEADER.map((h, i) => [h, split[i]]));
    expect(cells).toMatchObject({
      subtotal: "240.00",
      shipping: "18.50",
      total: "258.50",
      gift_card: "0.00",
      card_paid: "258.50",
      balance_due: "0.00",
      refunded: "50.00",
      refunded_to_card: "50.00",
      refunded_to_gift_card: "0.00",
      net: "208.50",
    });
    expect(cents(cells.card_paid)).toBe(captured.amount + balanceCaptured.amount);
  });
});
