/**
 * Issue 53, "Done when" first bullet, for a commission paid with a deposit and its balance (the
 * discount / gift cards / refunds order is tests/integration/orders/order-statement.test.ts): placed through
 * the real routes on the test provider, every document that shows its money (the confirmation email,
 * the admin order view, the refund email, the CSV row) reads the same statement: the deposit paid and
 * the balance due add up to the total, and each card figure is what the provider captured.
 */
import { runAsAdmin } from "@/lib/audit/context";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

process.env.RATE_LIMIT_SCALE = "1";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let auth: Record<string, string>;
let maker: { id: number; username: string };
let routes: Record<"createIntent" | "confirm" | "orders" | "refund" | "order" | "exportCsv" | "commission" | "pay", Handler>;
let commissions: typeof import("@/lib/commissions/service");
let commissionSchemas: typeof import("@/lib/commissions/admin-schemas");
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  ({ auth, maker } = shop);
  routes = {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
    confirm: (await import("@/app/api/payments/test/confirm/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    refund: (await import("@/app/api/orders/[id]/refund/route")).POST as Handler,
    order: (await import("@/app/api/orders/[id]/route")).GET as Handler,
    exportCsv: (await import("@/app/api/admin/orders/export/route")).GET as Handler,
    commission: (await import("@/app/api/commissions/route")).POST as Handler,
    pay: (await import("@/app/api/quotes/[token]/payment/route")).POST as Handler,
  };
  commissions = await import("@/lib/commissions/service");
  commissionSchemas = await import("@/lib/commissions/admin-schemas");
});
afterAll(() => db?.cleanup());

const contact = { email: "robin@example.com", firstName: "Robin", lastName: "Ash" };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

/** The money rows of a document's text, "Label: $1,234.50" / "Label: -$3.00" / "Shipping: Free", by label (in order). */
function moneyRows(text: string): Array<[string, number]> {
  const rows: Array<[string, number]> = [];
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Z][^:]*?):\s*([-−]?)(\$[\d,]+\.\d\d|Free)\s*$/.exec(line);
    if (m) rows.push([m[1], (m[2] ? -1 : 1) * (m[3] === "Free" ? 0 : cents(m[3]))]);
  }
  return rows;
}

/** A document's rows add up: subtotal − discount + shipping + tax = total = what paid it (+ balance due); net = paid − refunds. */
function expectAddsUp(rows: Array<[string, number]>, expected: { total: number; card: number[]; giftCards?: Array<[string, number]>; balanceDue?: number; refunded?: number }) {
  const get = (label: RegExp) => rows.filter(([l]) => label.test(l));
  const one = (label: RegExp) => get(label).reduce((s, [, v]) => s + v, 0);
  const total = one(/^Total$/);
  expect(total).toBe(expected.total);
  expect(one(/^Subtotal$/) + one(/^Discount/) + one(/^Shipping$/) + one(/^Tax$/)).toBe(total);
  const byGiftCard = get(/^Paid by gift card/).map(([l, v]) => [l.slice(-4), v]);
  expect(byGiftCard).toEqual(expected.giftCards ?? []);
  const byCard = get(/paid by card/i)
    .filter(([l]) => !/gift card/.test(l))
    .map(([, v]) => v);
  expect(byCard).toEqual(expected.card);
  const balanceDue = one(/^Balance due$/);
  expect(balanceDue).toBe(expected.balanceDue ?? 0);
  expect(byGiftCard.reduce((s, [, v]) => s + (v as number), 0) + byCard.reduce((s, v) => s + v, 0) + balanceDue).toBe(total);
  if (expected.refunded) {
    const refunded = -one(/^Refunded to/);
    expect(refunded).toBe(expected.refunded);
    expect(one(/^Net paid$/)).toBe(total - balanceDue - refunded);
  }
}

const lastEmail = (subject: string, to = contact.email) => db.prisma.emailMessage.findFirstOrThrow({ where: { to, subject: { contains: subject } }, orderBy: { id: "desc" } });
const captured = async (paymentIntentId: string) => {
  const intent = await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } });
  expect(intent.status).toBe("succeeded");
  return intent.amount;
};
const refundedAtProvider = async (paymentIntentId: string) => (await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId } }))._sum.amount ?? 0;

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function csvRow(orderNumber: string) {
  const res = await call(routes.exportCsv, `/api/admin/orders/export?from=${day(-2)}&to=${day(2)}`, { method: "GET", headers: auth });
  expect(res.status).toBe(200);
  const lines = parseCsv(String(res.json).replace(/^\uFEFF/, ""));
  const header = lines[0];
  const row = lines.find((l) => l[0] === orderNumber);
  expect(row).toBeDefined();
  return Object.fromEntries(header.map((h, i) => [h, row![i]]));
}

describe("every document of a deposit order's money adds up", () => {
  it("a commission's deposit and balance: the email says what was paid and what is due; the balance is a second card payment", async () => {
    const asked = await call(routes.commission, "/api/commissions", {
      body: { name: "Robin Ash", email: contact.email, description: "A salad bowl in black walnut, about 12 inches across, for a wedding present.", budget: "150_300" },
      headers: fromClient("198.51.100.77"),
    });
    expect(asked.status).toBe(201);
    const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: asked.json.reference } });
    const input = commissionSchemas.quoteSchema.parse({ id: commission.id, price: "450", shipping: "25", depositPercent: "30", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: day(14) });
    const { url } = await runAsAdmin(maker, () => commissions.createQuote(input, new Date()));
    const token = url.split("/quote/")[1];
    const pay = (t: string, amount: number) => call(routes.pay, `/api/quotes/${t}/payment`, { params: { token: t }, body: { ...contact, shippingAddress: address, amount } });
    // 30 % of 450.00 = 135.00 now; 315.00 + 25.00 shipping = 340.00 later
    const prepared = await pay(token, 47500);
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ total: "475.00", cardAmount: "135.00", balanceDue: "340.00" });
    await call(routes.confirm, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } });
    const placed = await call(routes.orders, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret } });
    expect(placed.status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    expect(await captured(prepared.json.paymentIntentId)).toBe(13500);

    const confirmation = await lastEmail(`${order.orderNumber} is confirmed`);
    expect(confirmation.text).toContain("Deposit paid by card: $135.00");
    expect(confirmation.text).toContain("Balance due: $340.00");
    expectAddsUp(moneyRows(confirmation.text), { total: 47500, card: [13500], balanceDue: 34000 });

    const due = await call(routes.order, `/api/orders/${order.id}`, { method: "GET", params: { id: String(order.id) }, headers: auth });
    expectAddsUp(
      (due.json.statement as Array<{ label: string; cents: number }>).map((r) => [r.label, r.cents] as [string, number]),
      { total: 47500, card: [13500], balanceDue: 34000 },
    );
    const dueRow = await csvRow(order.orderNumber);
    expect([dueRow.total, dueRow.card_paid, dueRow.balance_due, dueRow.net].map(cents)).toEqual([47500, 13500, 34000, 13500]);

    const sent = await runAsAdmin(maker, () => commissions.sendBalanceQuote(commissionSchemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(7) })));
    const balanceToken = sent.url.split("/quote/")[1];
    const balance = await pay(balanceToken, 34000);
    expect(balance.status).toBe(200);
    await call(routes.confirm, "/api/payments/test/confirm", { body: { clientSecret: balance.json.clientSecret, card: CARD_OK } });
    expect((await call(routes.orders, "/api/orders", { body: { paymentIntentId: balance.json.paymentIntentId, clientSecret: balance.json.clientSecret } })).status).toBeLessThan(300);
    expect(await captured(balance.json.paymentIntentId)).toBe(34000);

    const view = await call(routes.order, `/api/orders/${order.id}`, { method: "GET", params: { id: String(order.id) }, headers: auth });
    const rows = (view.json.statement as Array<{ label: string; cents: number }>).map((r) => [r.label, r.cents] as [string, number]);
    expectAddsUp(rows, { total: 47500, card: [13500, 34000] });
    const paidRow = await csvRow(order.orderNumber);
    expect([paidRow.total, paidRow.card_paid, paidRow.gift_card, paidRow.discount, paidRow.balance_due, paidRow.net].map(cents)).toEqual([47500, 47500, 0, 0, 0, 47500]);

    // A partial refund goes back to the balance's payment first; the email and the view say so, and the net follows.
    const refunded = await call(routes.refund, `/api/orders/${order.id}/refund`, { body: { amount: 50, reason: "Finish touched up" }, params: { id: String(order.id) }, headers: auth });
    expect(refunded.status).toBe(200);
    expect(await refundedAtProvider(balance.json.paymentIntentId)).toBe(5000);
    const refundEmail = await lastEmail(`Refund of $50.00 for order ${order.orderNumber}`);
    expect(refundEmail.text).toContain("Refunded to card: -$50.00");
    expectAddsUp(moneyRows(refundEmail.text), { total: 47500, card: [13500, 34000], refunded: 5000 });
    const after = await call(routes.order, `/api/orders/${order.id}`, { method: "GET", params: { id: String(order.id) }, headers: auth });
    expectAddsUp(
      (after.json.statement as Array<{ label: string; cents: number }>).map((r) => [r.label, r.cents] as [string, number]),
      { total: 47500, card: [13500, 34000], refunded: 5000 },
    );
    const refundedRow = await csvRow(order.orderNumber);
    expect([refundedRow.refunded, refundedRow.refunded_to_card, refundedRow.net].map(cents)).toEqual([5000, 5000, 42500]);
  });
});
