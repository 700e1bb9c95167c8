/**
 * Discount codes through the real checkout routes on the test provider:
 * priced on the server, shown as their own amount, recorded on the order and in the
 * payment; never over-redeemed (50 shoppers at once, 10 uses); refunds return what
 * was paid; cancelling gives the use back.
 */
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as checkCode } from "@/app/api/discount-codes/check/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as refund } from "@/app/api/orders/[id]/refund/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { runAsAdmin } from "@/lib/audit/context";
import { discountCodeInputSchema } from "@/lib/discounts/schemas";
import { createDiscountCode, listDiscountCodes, updateDiscountCode } from "@/lib/discounts/service";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
let maker: { id: number; username: string };
const ids: Record<string, number> = {};
const categories: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  const shop = await createCatalogWithMaker(db.prisma);
  Object.assign(ids, shop.ids);
  ({ auth, maker } = shop);
  for (const c of await db.prisma.category.findMany()) categories[c.slug] = c.id;
});
afterAll(() => db?.cleanup());

let session = 0;
type Line = { slug: string; quantity: number };
const items = (lines: Line[]) => lines.map((l) => ({ productId: ids[l.slug], quantity: l.quantity }));

function code(data: Record<string, unknown>) {
  return db.prisma.discountCode.create({ data: { kind: "percentage", ...data } as never });
}

async function prepare(lines: Line[], extra: Record<string, unknown> = {}, email = "shopper@example.com") {
  return call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: `sess-disc-${++session}`, items: items(lines), email, firstName: "Robin", lastName: "Ash", shippingAddress: address, ...extra },
  });
}

/** Prepare, authorise the card, place the order: the HTTP answers of the last step, with the intent id. */
async function authorised(lines: Line[], discountCode: string, email = "shopper@example.com") {
  const prepared = await prepare(lines, { discountCode }, email);
  expect(prepared.status).toBe(200);
  expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
  return prepared.json as { paymentIntentId: string; total: string; discount: string };
}
const place = (paymentIntentId: string) => call(postOrder, "/api/orders", { body: { paymentIntentId } });
const intent = (id: string) => db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id } });
const orderOf = (paymentIntentId: string) => db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: paymentIntentId }, include: { items: true } });
const setStatus = (id: number, body: unknown) => call(patchStatus as never, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });
const check = (body: unknown) => call(checkCode, "/api/discount-codes/check", { body });

describe(`discount codes on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("prices a percentage, a fixed amount and free shipping on the server, into the payment's amount", async () => {
    await code({ code: "TENOFF", percentOff: 10 });
    await code({ code: "FIVEBUCKS", kind: "fixed", amountOff: "5.00" });
    await code({ code: "SHIPFREE", kind: "free_shipping" });
    const ten = await prepare([{ slug: "dowel-jig", quantity: 2 }], { discountCode: " tenoff " });
    expect(ten.status).toBe(200);
    // 48.00 - 4.80 + 15.99 (free shipping is decided on the subtotal before the discount)
    expect(ten.json).toMatchObject({ subtotal: "48.00", shipping: "15.99", discount: "4.80", discountCode: "TENOFF", total: "59.19" });
    expect((await intent(ten.json.paymentIntentId)).amount).toBe(5919);
    const five = await prepare([{ slug: "dowel-jig", quantity: 1 }], { discountCode: "FIVEBUCKS" });
    expect(five.json).toMatchObject({ discount: "5.00", total: "34.99" });
    const ship = await prepare([{ slug: "dowel-jig", quantity: 1 }], { discountCode: "SHIPFREE" });
    expect(ship.json).toMatchObject({ shipping: "15.99", discount: "15.99", total: "24.00" });
    // The browser's amount is compared, never used: a total without the discount is refused before any intent.
    const before = await db.prisma.testPaymentIntent.count();
    const tampered = await prepare([{ slug: "dowel-jig", quantity: 2 }], { discountCode: "TENOFF", amount: 100 });
    expect(tampered.status).toBe(409);
    expect(tampered.json).toMatchObject({ total: "59.19", discount: "4.80" });
    expect(await db.prisma.testPaymentIntent.count()).toBe(before);
  });

  it("previews a code for the cart page and refuses unknown, disabled, early, expired, too-small and inapplicable codes with a message", async () => {
    const ok = await check({ code: "tenoff", items: items([{ slug: "dowel-jig", quantity: 2 }]) });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ code: "TENOFF", merchandise: 480, freeShipping: false, discount: "4.80", subtotal: "48.00" });
    const day = 86_400_000;
    await code({ code: "OFFNOW", percentOff: 10, active: false });
    await code({ code: "LATER", percentOff: 10, startsAt: new Date(Date.now() + day) });
    await code({ code: "OLD", percentOff: 10, endsAt: new Date(Date.now() - day) });
    await code({ code: "BIGSPEND", percentOff: 10, minSubtotal: "100.00" });
    await code({ code: "JIGSONLY", percentOff: 50, categoryIds: [categories.jigs] });
    await code({ code: "NOPIECES", percentOff: 50, includeUniquePieces: false });
    const jig = items([{ slug: "dowel-jig", quantity: 1 }]);
    const expectations: Array<[string, unknown, string]> = [
      ["NOPE", jig, "The code “NOPE” can't be used for this order."],
      ["OFFNOW", jig, "The code “OFFNOW” can't be used for this order."],
      ["LATER", jig, "The code “LATER” can't be used for this order."],
      ["OLD", jig, "The code “OLD” can't be used for this order."],
      ["BIGSPEND", jig, "The code “BIGSPEND” needs a subtotal of at least $100.00."],
      ["JIGSONLY", items([{ slug: "maple-nesting-bowls", quantity: 1 }]), "The code “JIGSONLY” does not apply to the items in your cart."],
      ["NOPIECES", items([{ slug: "spalted-burl-bowl", quantity: 1 }]), "The code “NOPIECES” does not apply to the items in your cart."],
    ];
    for (const [c, lines, message] of expectations) {
      const res = await check({ code: c, items: lines });
      expect({ c, status: res.status, message: res.json.message, field: res.json.fields?.discountCode }).toEqual({ c, status: 409, message, field: message });
    }
    // Only the eligible lines count: 50 % of the jig, nothing off the bowl.
    const mixed = await check({
      code: "JIGSONLY",
      items: items([
        { slug: "dowel-jig", quantity: 1 },
        { slug: "maple-nesting-bowls", quantity: 1 },
      ]),
    });
    expect(mixed.json).toMatchObject({ merchandise: 1200, discount: "12.00", subtotal: "113.50" });
    const piecesOut = await check({
      code: "NOPIECES",
      items: items([
        { slug: "dowel-jig", quantity: 1 },
        { slug: "spalted-burl-bowl", quantity: 1 },
      ]),
    });
    expect(piecesOut.json).toMatchObject({ merchandise: 1200 });
    // Bad input is a 400 that prices nothing.
    for (const body of [
      { code: "a\u0000b", items: jig },
      { code: "x".repeat(40), items: jig },
      { code: 12, items: jig },
      { code: "TENOFF", items: [] },
      { code: "TENOFF", items: [{ productId: "1", quantity: 1 }] },
    ]) {
      expect((await check(body)).status).toBe(400);
    }
    const checkout = await prepare([{ slug: "dowel-jig", quantity: 1 }], { discountCode: "OLD" });
    expect(checkout.status).toBe(409);
    expect(checkout.json.message).toBe("The code “OLD” can't be used for this order.");
  });

  it("records the code on the order, its lines and the payment, and refunds what each line was paid", async () => {
    await code({ code: "HALFJIGS", percentOff: 50, categoryIds: [categories.jigs] });
    const paid = await authorised(
      [
        { slug: "dowel-jig", quantity: 2 },
        { slug: "maple-nesting-bowls", quantity: 1 },
      ],
      "HALFJIGS",
    );
    // 48.00 + 89.50 = 137.50, free shipping; 50 % off the jigs = 24.00
    expect(paid).toMatchObject({ discount: "24.00", total: "113.50" });
    const placed = await place(paid.paymentIntentId);
    expect(placed.status).toBe(201);
    const order = await orderOf(paid.paymentIntentId);
    expect({ discount: order.discount.toFixed(2), code: order.discountCode, total: order.total.toFixed(2), subtotal: order.subtotal.toFixed(2) }).toEqual({
      discount: "24.00",
      code: "HALFJIGS",
      total: "113.50",
      subtotal: "137.50",
    });
    expect(Object.fromEntries(order.items.map((i) => [i.productName, i.discount.toFixed(2)]))).toEqual({ "Dowel Jig": "24.00", "Maple Nesting Bowls": "0.00" });
    expect(await intent(paid.paymentIntentId)).toMatchObject({ amount: 11350, status: "succeeded" });
    expect(await db.prisma.discountRedemption.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ email: "shopper@example.com", releasedAt: null });
    expect((await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "HALFJIGS" } })).uses).toBe(1);
    const email = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: "shopper@example.com", subject: { contains: order.orderNumber } } });
    expect(email.text).toContain("Discount (HALFJIGS): -$24.00");

    const jigLine = order.items.find((i) => i.productName === "Dowel Jig")!;
    const lineRefund = await call(refund as never, `/api/orders/${order.id}/refund`, { body: { lineIds: [jigLine.id], reason: "Damaged" }, params: { id: String(order.id) }, headers: auth });
    expect(lineRefund.status).toBe(200);
    expect(lineRefund.json.refund.amount).toBe("24.00"); // 48.00 - its 24.00 discount: what was paid for it
    const rest = await call(refund as never, `/api/orders/${order.id}/refund`, { body: { reason: "Cancelled" }, params: { id: String(order.id) }, headers: auth });
    expect(rest.json.refund.amount).toBe("89.50");
    expect((await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId: paid.paymentIntentId } }))._sum.amount).toBe(11350);
  });

  it("cancelling gives the use back; re-opening takes it again, or is refused once the code is used up", async () => {
    await code({ code: "ONCEONLY", percentOff: 10, usageLimit: 1 });
    const first = await authorised([{ slug: "dowel-jig", quantity: 1 }], "ONCEONLY", "first@example.com");
    expect((await place(first.paymentIntentId)).status).toBe(201);
    const order = await orderOf(first.paymentIntentId);
    const used = () => db.prisma.discountCode.findUniqueOrThrow({ where: { code: "ONCEONLY" } }).then((c) => c.uses);
    expect(await used()).toBe(1);
    expect((await check({ code: "ONCEONLY", items: items([{ slug: "dowel-jig", quantity: 1 }]) })).json.message).toBe("The code “ONCEONLY” has been used as many times as it can be.");
    expect((await setStatus(order.id, { status: "cancelled" })).status).toBe(200);
    expect(await used()).toBe(0);
    expect((await db.prisma.discountRedemption.findUniqueOrThrow({ where: { orderId: order.id } })).releasedAt).not.toBeNull();
    // Re-opened while the use is free: it is the order's again.
    expect((await setStatus(order.id, { status: "processing" })).status).toBe(200);
    expect(await used()).toBe(1);
    // Cancelled again, another shopper takes the use, and re-opening is refused.
    expect((await setStatus(order.id, { status: "cancelled" })).status).toBe(200);
    const second = await authorised([{ slug: "dowel-jig", quantity: 1 }], "ONCEONLY", "second@example.com");
    expect((await place(second.paymentIntentId)).status).toBe(201);
    const reopen = await setStatus(order.id, { status: "processing" });
    expect(reopen.status).toBe(409);
    expect(reopen.json.message).toBe(`Order ${order.orderNumber} cannot be re-opened: its discount code “ONCEONLY” has been used as many times as it can be since it was cancelled.`);
    expect(await used()).toBe(1);
  });

  it("keeps the per-email limit: a second order with the same email is refused and its authorisation voided", async () => {
    await code({ code: "WELCOME", percentOff: 15, perEmailLimit: 1 });
    const a = await authorised([{ slug: "dowel-jig", quantity: 1 }], "WELCOME", "ada@example.com");
    const b = await authorised([{ slug: "dowel-jig", quantity: 1 }], "WELCOME", "ADA@example.com");
    expect((await place(a.paymentIntentId)).status).toBe(201);
    const refused = await place(b.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("The code “WELCOME” can't be used for this order. Your card has not been charged; please review your order.");
    expect((await intent(b.paymentIntentId)).status).toBe("canceled");
    expect((await check({ code: "WELCOME", items: items([{ slug: "dowel-jig", quantity: 1 }]), email: "ada@example.com" })).status).toBe(409);
    // A stranger cannot tell an address that ordered with the code, a future code or an expired one from a code that does not exist.
    await code({ code: "SOONER", percentOff: 10, startsAt: new Date(Date.now() + 86_400_000) });
    await code({ code: "GONE", percentOff: 10, endsAt: new Date(Date.now() - 86_400_000) });
    const answer = async (c: string, email?: string) => {
      const res = await check({ code: c, items: items([{ slug: "dowel-jig", quantity: 1 }]), ...(email ? { email } : {}) });
      return { status: res.status, body: JSON.stringify(res.json).split(c).join("CODE") };
    };
    const unknown = await answer("NOSUCH");
    expect(unknown.status).toBe(409);
    expect(JSON.parse(unknown.body)).toMatchObject({ message: "The code “CODE” can't be used for this order.", discountRefusal: "unavailable" });
    expect(await answer("WELCOME", "ada@example.com")).toEqual(unknown);
    expect(await answer("SOONER")).toEqual(unknown);
    expect(await answer("GONE")).toEqual(unknown);
    expect((await check({ code: "WELCOME", items: items([{ slug: "dowel-jig", quantity: 1 }]), email: "someone-else@example.com" })).status).toBe(200);
  });

  it("the per-email limit counts one customer's addresses as one: +tags, case and Gmail's dots", async () => {
    await code({ code: "TAGGEDONCE", percentOff: 15, perEmailLimit: 1 });
    const first = await authorised([{ slug: "dowel-jig", quantity: 1 }], "TAGGEDONCE", "shopper+1@example.com");
    expect((await place(first.paymentIntentId)).status).toBe(201);
    for (const email of ["shopper+2@example.com", "Shopper@Example.com"]) {
      const res = await check({ code: "TAGGEDONCE", items: items([{ slug: "dowel-jig", quantity: 1 }]), email });
      expect(res).toMatchObject({ status: 409, json: { message: "The code “TAGGEDONCE” can't be used for this order." } });
    }
    await code({ code: "GMAILONCE", percentOff: 15, perEmailLimit: 1 });
    const gmail = await authorised([{ slug: "dowel-jig", quantity: 1 }], "GMAILONCE", "robin.ash@gmail.com");
    const again = await authorised([{ slug: "dowel-jig", quantity: 1 }], "GMAILONCE", "RobinAsh+deals@googlemail.com");
    expect((await place(gmail.paymentIntentId)).status).toBe(201);
    expect((await place(again.paymentIntentId)).status).toBe(409);
    expect((await intent(again.paymentIntentId)).status).toBe("canceled");
    expect((await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "GMAILONCE" } })).uses).toBe(1);
  });

  it("a code that would take $0.00 (free shipping on an order that already ships free) is not applied and uses nothing", async () => {
    await code({ code: "FREESHIPONCE", kind: "free_shipping", usageLimit: 1 });
    // Over $100 before shipping: shipping is free already.
    const lines = [{ slug: "black-walnut-salad-bowl", quantity: 1 }];
    const message = "The code “FREESHIPONCE” takes nothing off this order (its shipping is already free), so it was not applied.";
    expect(await check({ code: "FREESHIPONCE", items: items(lines) })).toMatchObject({ status: 409, json: { message } });
    expect(await prepare(lines, { discountCode: "FREESHIPONCE" })).toMatchObject({ status: 409, json: { message } });
    expect((await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "FREESHIPONCE" } })).uses).toBe(0);
    // Where shipping is charged it takes it off, once.
    const small = await authorised([{ slug: "dowel-jig", quantity: 1 }], "FREESHIPONCE");
    expect(small.discount).toBe("15.99");
    expect((await place(small.paymentIntentId)).status).toBe(201);
    expect((await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "FREESHIPONCE" } })).uses).toBe(1);
  });

  it("50 shoppers paying at once with a code limited to 10: at most 10 discounted orders, the others refused and never charged", async () => {
    await code({ code: "RACE10", percentOff: 20, usageLimit: 10 });
    const prepared: string[] = [];
    for (let i = 0; i < 50; i++) prepared.push((await authorised([{ slug: "dowel-jig", quantity: 1 }], "RACE10", `racer${i}@example.com`)).paymentIntentId);
    const results = await Promise.all(prepared.map((id) => place(id)));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created.length).toBeLessThanOrEqual(10);
    expect(created.length + refused.length).toBe(50);
    expect(refused[0].json.message).toBe("The code “RACE10” has been used as many times as it can be. Your card has not been charged; please review your order.");
    const row = await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "RACE10" } });
    expect(row.uses).toBe(created.length);
    expect(await db.prisma.discountRedemption.count({ where: { discountCodeId: row.id } })).toBe(created.length);
    expect(await db.prisma.order.count({ where: { discountCode: "RACE10" } })).toBe(created.length);
    const intents = await db.prisma.testPaymentIntent.findMany({ where: { id: { in: prepared } } });
    expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(created.length);
    expect(intents.filter((i) => i.status === "canceled")).toHaveLength(refused.length);
    // With nothing else in the way, every use is taken: exactly 10.
    expect(created.length).toBe(10);
  });

  it("the admin creates, edits and disables codes from the form's fields, each write in the audit log; bad input changes nothing", async () => {
    const form = {
      code: "holiday-25",
      kind: "percentage",
      percentOff: "25",
      amountOff: "",
      minSubtotal: "50",
      startsAt: "",
      endsAt: "2027-01-01",
      usageLimit: "100",
      perEmailLimit: "1",
      includeUniquePieces: false,
      categoryIds: [String(categories.jigs)],
      active: true,
    };
    const created = await runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse(form)));
    expect(created).toMatchObject({
      code: "HOLIDAY-25",
      percentOff: 25,
      minSubtotal: "50.00",
      usageLimit: 100,
      perEmailLimit: 1,
      includeUniquePieces: false,
      categoryIds: [categories.jigs],
      endsAt: "2027-01-01T05:00:00.000Z",
      active: true,
    }); // the shop's Jan 1 (America/New_York, its default zone)
    const edited = await runAsAdmin(maker, () => updateDiscountCode(created.id, discountCodeInputSchema.parse({ ...form, kind: "fixed", percentOff: "", amountOff: "7.50" })));
    expect(edited).toMatchObject({ kind: "fixed", amountOff: "7.50", percentOff: null });
    const disabled = await runAsAdmin(maker, () => updateDiscountCode(created.id, { active: false }));
    expect(disabled.active).toBe(false);
    expect((await check({ code: "HOLIDAY-25", items: items([{ slug: "dowel-jig", quantity: 3 }]) })).json.message).toBe("The code “HOLIDAY-25” can't be used for this order.");
    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "discount_code", entityId: String(created.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.adminName])).toEqual([
      ["create", "maker"],
      ["update", "maker"],
      ["update", "maker"],
    ]);
    expect(audit[2].after).toEqual({ active: false });
    // The same code twice, a percentage without its number, an end before the start, NUL bytes, unknown categories: refused.
    await expect(runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse(form)))).rejects.toMatchObject({
      code: "conflict",
      fields: { code: "A discount code with this name already exists" },
    });
    expect(discountCodeInputSchema.safeParse({ ...form, percentOff: "" }).error?.issues[0]).toMatchObject({ path: ["percentOff"], message: "Enter the percentage off" });
    expect(discountCodeInputSchema.safeParse({ ...form, startsAt: "2027-02-01" }).error?.issues[0]).toMatchObject({ path: ["endsAt"] });
    expect(discountCodeInputSchema.safeParse({ ...form, code: "A\u0000B" }).success).toBe(false);
    expect(discountCodeInputSchema.safeParse({ ...form, percentOff: "101" }).success).toBe(false);
    expect(discountCodeInputSchema.safeParse({ ...form, amountOff: "1.234", kind: "fixed" }).success).toBe(false);
    await expect(runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse({ ...form, code: "OTHER", categoryIds: ["999999"] })))).rejects.toMatchObject({ code: "bad_request" });
    // A usage limit below the uses so far is refused by the database's check, with a message.
    const race = (await listDiscountCodes()).find((c) => c.code === "RACE10")!;
    await expect(runAsAdmin(maker, () => updateDiscountCode(race.id, discountCodeInputSchema.parse({ ...form, code: "RACE10", usageLimit: "5" })))).rejects.toMatchObject({ code: "bad_request" });
    expect((await db.prisma.discountCode.findUniqueOrThrow({ where: { code: "RACE10" } })).usageLimit).toBe(10);
  });
  it("prices a code for a cart holding a variant: at the variant's price, on the cart check and the payment", async () => {
    const jig = await db.prisma.product.create({
      data: {
        name: "Self-Centring Dowelling Jig",
        slug: "self-centring-jig",
        description: "Centres itself on the board.",
        price: "30.00",
        categoryId: categories.jigs,
        options: [{ name: "Size", values: ["6 mm", "8 mm"] }],
      },
    });
    await db.prisma.productVariant.create({ data: { productId: jig.id, sku: "SCJ-6", optionValues: ["6 mm"], price: "30.00", stock: 5 } });
    const eight = await db.prisma.productVariant.create({ data: { productId: jig.id, sku: "SCJ-8", optionValues: ["8 mm"], price: "40.00", stock: 5, position: 1 } });
    await code({ code: "JIGTEN", percentOff: 10 });
    const lines = [{ productId: jig.id, variantId: eight.id, quantity: 2 }, ...items([{ slug: "dowel-jig", quantity: 1 }])];
    // 2 × 40.00 (the 8 mm's price) + 24.00 = 104.00; 10 % off is 10.40.
    const checked = await check({ code: "jigten", items: lines });
    expect(checked.status).toBe(200);
    expect(checked.json).toMatchObject({ code: "JIGTEN", subtotal: "104.00", discount: "10.40" });
    // The line without its variant is the client's mistake (what the cart page used to send): 400 naming the choice, nothing priced.
    const bare = await check({ code: "JIGTEN", items: [{ productId: jig.id, quantity: 2 }] });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe("Choose which “Self-Centring Dowelling Jig” you want: it comes in several options.");
    // Checkout prices the same lines and code alike, gift-card check included (the payment intent's request).
    const paid = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-disc-${++session}`, items: lines, email: "variant@example.com", firstName: "Robin", lastName: "Ash", shippingAddress: address, discountCode: "JIGTEN" },
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ subtotal: "104.00", discount: "10.40", discountCode: "JIGTEN" });
  });
});
