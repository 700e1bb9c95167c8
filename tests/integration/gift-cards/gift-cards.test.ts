/**
 * Gift cards through the real checkout routes on the test provider: part of
 * an order paid from one or two cards, the card payment authorised for the rest; the
 * balance exact, never below zero (two orders on one card, two cards on one order, at
 * once), every movement a ledger row; refunds go back to the card payment first, then
 * to the gift cards.
 */
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as postOrder } from "@/app/api/orders/route";
import { POST as refund } from "@/app/api/orders/[id]/refund/route";
import { GET as getOrder } from "@/app/api/orders/[id]/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { signReviewToken } from "@/lib/reviews/links";
import { reviewLinksForOrder } from "@/lib/reviews/request-service";
import { openReviewLink } from "@/lib/reviews/service";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[slug]/route";
import { POST as postProduct } from "@/app/api/products/route";
import { POST as addToCart } from "@/app/api/cart/route";
import { GET as getCart } from "@/app/api/cart/[sessionId]/route";
import { POST as confirmCard } from "@/app/api/payments/test/confirm/route";
import { runAsAdmin } from "@/lib/audit/context";
import { emailGiftCard, issueGiftCard, issueGiftCardByMaker, listGiftCards, lookupGiftCard, revealGiftCardCode, setGiftCardActive } from "@/lib/gift-cards/service";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { devMailboxDir } from "@/lib/email/dev-mailbox";
import { createCatalogWithMaker, SHOPPER_ADDRESS as address, TEST_CARD_OK as CARD_OK } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
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
});
afterAll(() => db?.cleanup());

let session = 0;
const issue = (dollars: number) => runAsAdmin(maker, () => issueGiftCard({ amount: dollars * 100, recipientEmail: "friend@example.com" }));
const balance = async (code: string) => (await db.prisma.giftCard.findUniqueOrThrow({ where: { code } })).balance.toFixed(2);

/** Prepare with gift cards (one dowel jig unless told), authorise the rest by card. */
async function authorised(giftCards: string[], quantity = 1, email = "shopper@example.com") {
  const prepared = await call(createIntent, "/api/create-payment-intent", {
    body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity }], email, firstName: "Robin", lastName: "Ash", shippingAddress: address, giftCards },
  });
  expect(prepared.status).toBe(200);
  expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
  return prepared.json as { paymentIntentId: string; total: string; giftCardAmount: string; cardAmount: string };
}
const place = (paymentIntentId: string) => call(postOrder, "/api/orders", { body: { paymentIntentId } });
const intent = (id: string) => db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id } });

/** Every card's balance is what its ledger says, and never below zero. */
async function expectLedgersAddUp() {
  for (const card of await db.prisma.giftCard.findMany({ include: { movements: { orderBy: { id: "asc" } } } })) {
    const sum = card.movements.reduce((s, m) => s + Math.round(Number(m.amount) * 100), 0);
    expect({ code: card.code, balance: Math.round(Number(card.balance) * 100) }).toEqual({ code: card.code, balance: sum });
    expect(Number(card.balance)).toBeGreaterThanOrEqual(0);
    expect(card.movements.at(-1)!.balanceAfter.toFixed(2)).toBe(card.balance.toFixed(2));
  }
}

describe(`gift cards on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("the maker issues, looks up and disables a card; each write is audited and the first ledger row is the amount issued", async () => {
    const card = await issue(50);
    expect(card.code).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await lookupGiftCard(card.code)).toMatchObject({
      initialAmount: "50.00",
      balance: "50.00",
      active: true,
      recipientEmail: "friend@example.com",
      movements: [{ kind: "issued", amount: "50.00", balanceAfter: "50.00" }],
    });
    await runAsAdmin(maker, () => setGiftCardActive(card.id, false));
    const refused = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards: [card.code.toLowerCase().replace(/-/g, " ")] },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`“${card.code}” is not a valid gift card.`);
    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "gift_card", entityId: String(card.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    await expect(lookupGiftCard("GIFT-AAAA-BBBB-CCCC")).rejects.toMatchObject({ code: "not_found" });
    // Malformed codes are a 400 that prepares nothing; a card named twice is refused.
    for (const giftCards of [["GIFT-\u0000"], ["x".repeat(50)], [12], "GIFT-AAAA-BBBB-CCCC", Array(6).fill("GIFT-AAAA-BBBB-CCCC")]) {
      const res = await call(createIntent, "/api/create-payment-intent", {
        body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards },
      });
      expect(res.status).toBe(400);
    }
    const twice = await issue(5);
    const dup = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards: [twice.code, twice.code] },
    });
    expect(dup.json.message).toBe("The same gift card is entered twice.");
  });

  it("two cards pay part of one order; the card payment is authorised and captured for the rest; the order and the ledgers record it", async () => {
    const a = await issue(10);
    const b = await issue(20);
    const paid = await authorised([a.code, b.code], 2); // 48.00 + 15.99 = 63.99
    expect(paid).toMatchObject({ total: "63.99", giftCardAmount: "30.00", cardAmount: "33.99" });
    expect((await intent(paid.paymentIntentId)).amount).toBe(3399);
    expect((await place(paid.paymentIntentId)).status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: paid.paymentIntentId } });
    expect({ total: order.total.toFixed(2), giftCardAmount: order.giftCardAmount.toFixed(2) }).toEqual({ total: "63.99", giftCardAmount: "30.00" });
    expect(await intent(paid.paymentIntentId)).toMatchObject({ status: "succeeded", amount: 3399 });
    expect([await balance(a.code), await balance(b.code)]).toEqual(["0.00", "0.00"]);
    expect((await lookupGiftCard(b.code)).movements.map((m) => [m.kind, m.amount, m.balanceAfter, m.orderNumber])).toEqual([
      ["issued", "20.00", "20.00", null],
      ["redeemed", "-20.00", "0.00", order.orderNumber],
    ]);
    await expectLedgersAddUp();
  });

  it("refunds go back to the card payment first, then to the gift cards, each with its ledger row", async () => {
    const card = await issue(25);
    const paid = await authorised([card.code], 2); // 63.99: 25.00 by gift card, 38.99 by card
    expect((await place(paid.paymentIntentId)).status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { stripePaymentIntentId: paid.paymentIntentId } });
    const refundOf = (body: unknown) => call(refund as never, `/api/orders/${order.id}/refund`, { body, params: { id: String(order.id) }, headers: auth });
    const first = await refundOf({ amount: 30, reason: "Scratched" });
    expect(first.status).toBe(200);
    expect(await balance(card.code)).toBe("0.00");
    const rest = await refundOf({ reason: "Returned" }); // 33.99 left: 8.99 to the card payment, 25.00 to the gift card
    expect(rest.json.refund.amount).toBe("33.99");
    expect((await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId: paid.paymentIntentId } }))._sum.amount).toBe(3899);
    expect(await balance(card.code)).toBe("25.00");
    expect((await lookupGiftCard(card.code)).movements.map((m) => m.kind)).toEqual(["issued", "redeemed", "refunded"]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("63.99");
    expect((await refundOf({ reason: "Again" })).status).toBe(409);
    expect(await balance(card.code)).toBe("25.00");
    await expectLedgersAddUp();
  });

  it("two orders on one card at once: one takes it, the other is refused before any charge; the balance never goes below zero", async () => {
    const card = await issue(30);
    const first = await authorised([card.code], 2);
    const second = await authorised([card.code], 2);
    const results = await Promise.all([place(first.paymentIntentId), place(second.paymentIntentId)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.json.message).toBe(`The gift card “${card.code}” no longer has the balance this order needs. Your card has not been charged and no gift card was used; please review your order.`);
    const intents = await db.prisma.testPaymentIntent.findMany({ where: { id: { in: [first.paymentIntentId, second.paymentIntentId] } } });
    expect(intents.map((i) => i.status).sort()).toEqual(["canceled", "succeeded"]);
    expect(await balance(card.code)).toBe("0.00");
    await expectLedgersAddUp();
  });

  it("two cards on one order while other orders spend them at once: no balance below zero, every movement on the ledger", async () => {
    const a = await issue(20);
    const b = await issue(20);
    const both = await authorised([a.code, b.code], 2); // 40.00 of 63.99
    const onA = await authorised([a.code], 1); // 20.00 of 39.99
    const onB = await authorised([b.code], 1);
    const results = await Promise.all([place(both.paymentIntentId), place(onA.paymentIntentId), place(onB.paymentIntentId)]);
    const created = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    // Either the two-card order got both cards, or the single-card orders got theirs: never more than $40.00 taken.
    expect([1, 2]).toContain(created);
    const taken = await db.prisma.order.aggregate({ _sum: { giftCardAmount: true }, where: { stripePaymentIntentId: { in: [both.paymentIntentId, onA.paymentIntentId, onB.paymentIntentId] } } });
    expect(Number(taken._sum.giftCardAmount)).toBe(40);
    expect([await balance(a.code), await balance(b.code)]).toEqual(["0.00", "0.00"]);
    const intents = await db.prisma.testPaymentIntent.findMany({ where: { id: { in: [both.paymentIntentId, onA.paymentIntentId, onB.paymentIntentId] } } });
    expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(created);
    await expectLedgersAddUp();
  });
});

describe(`an order paid entirely by gift cards on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  const prepareAll = (giftCards: string[], sessionId = `sess-gc-${++session}`) =>
    call(createIntent, "/api/create-payment-intent", {
      body: { sessionId, items: [{ productId: ids["dowel-jig"], quantity: 1 }], email: "all@example.com", firstName: "Gale", lastName: "Card", shippingAddress: address, giftCards },
    });

  it("needs no card: one order through the same record path, the cards' ledgers, a refund back to the cards", async () => {
    const card = await issue(50);
    const before = await db.prisma.testPaymentIntent.count();
    const prepared = await prepareAll([card.code]); // 24.00 + 15.99 = 39.99
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ provider: "gift_card", total: "39.99", giftCardAmount: "39.99", cardAmount: "0.00" });
    expect(prepared.json.paymentIntentId).toMatch(/^pi_giftcard_/);
    expect(await db.prisma.testPaymentIntent.count()).toBe(before); // no card payment at all
    // Nothing outside the shop proves a gift-card payment: without the browser's secret the id alone places nothing and spends nothing.
    const forged = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(forged.status).toBe(404);
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } })).toBe(0);
    expect(await balance(card.code)).toBe("50.00");
    const placed = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret } });
    expect(placed.status).toBe(201);
    expect(placed.json.order).toMatchObject({ total: "39.99", email: "all@example.com" });
    const replay = await call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: "pi_giftcard_x_secret_wrong" } });
    expect(replay.status).toBe(404);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    expect({ total: order.total.toFixed(2), giftCardAmount: order.giftCardAmount.toFixed(2), status: order.status }).toEqual({ total: "39.99", giftCardAmount: "39.99", status: "confirmed" });
    expect(await balance(card.code)).toBe("10.01");
    const emails = await db.prisma.emailMessage.count({ where: { subject: { contains: order.orderNumber } } });
    expect(emails).toBe(2);
    const refunded = await call(refund as never, `/api/orders/${order.id}/refund`, { body: { reason: "Returned" }, params: { id: String(order.id) }, headers: auth });
    expect(refunded.status).toBe(200);
    expect(await balance(card.code)).toBe("50.00");
    expect((await lookupGiftCard(card.code)).movements.map((m) => [m.kind, m.amount])).toEqual([
      ["issued", "50.00"],
      ["redeemed", "-39.99"],
      ["refunded", "39.99"],
    ]);
    await expectLedgersAddUp();
  });

  it("a card spent meanwhile refuses the order and takes nothing from any card", async () => {
    const a = await issue(20);
    const b = await issue(20);
    const both = await prepareAll([a.code, b.code]); // 20.00 + 19.99
    const onB = await authorised([b.code], 1); // another order takes all of b first
    expect((await place(onB.paymentIntentId)).status).toBe(201);
    const refused = await call(postOrder, "/api/orders", { body: { paymentIntentId: both.json.paymentIntentId, clientSecret: both.json.clientSecret } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`The gift card “${b.code}” no longer has the balance this order needs. Your card has not been charged and no gift card was used; please review your order.`);
    expect([await balance(a.code), await balance(b.code)]).toEqual(["20.00", "0.00"]);
    await expectLedgersAddUp();
  });
});

describe(`buying a gift card on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("paying for a gift card product issues one card per unit for the recipient and emails each its code (kept out of the outbox); no discount applies to it", async () => {
    const jigs = await db.prisma.category.findFirstOrThrow({ where: { slug: "jigs" } });
    const product = await db.prisma.product.create({ data: { name: "Gift card $50", slug: "gift-card-50", description: "A gift card.", price: "50.00", categoryId: jigs.id, giftCard: true } });
    await db.prisma.discountCode.create({ data: { code: "ALLOFF", kind: "percentage", percentOff: 50 } });
    const sessionId = `sess-gc-${++session}`;
    const body = {
      sessionId,
      items: [{ productId: product.id, quantity: 2 }],
      email: "giver@example.com",
      firstName: "Gia",
      lastName: "Ver",
      shippingAddress: address,
      giftRecipientEmail: "Friend@Example.com",
    };
    const withCode = await call(createIntent, "/api/create-payment-intent", { body: { ...body, discountCode: "ALLOFF" } });
    expect(withCode.status).toBe(409);
    expect(withCode.json.message).toBe("The code “ALLOFF” does not apply to the items in your cart.");
    const prepared = await call(createIntent, "/api/create-payment-intent", { body });
    expect(prepared.json).toMatchObject({ subtotal: "100.00", shipping: "0.00", total: "100.00" }); // gift cards alone ship nothing
    expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
    const placed = await place(prepared.json.paymentIntentId);
    expect(placed.status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    const cards = await db.prisma.giftCard.findMany({ where: { orderId: order.id } });
    expect(cards.map((c) => [c.initialAmount.toFixed(2), c.balance.toFixed(2), c.recipientEmail])).toEqual([
      ["50.00", "50.00", "friend@example.com"],
      ["50.00", "50.00", "friend@example.com"],
    ]);
    const emails = await db.prisma.emailMessage.findMany({ where: { to: "friend@example.com" } });
    expect(emails).toHaveLength(2);
    expect(emails[0].subject).toBe("A Maple & Micron gift card for you");
    expect(emails[0].text).toContain("Gia Ver sent you a Maple & Micron gift card for $50.00.");
    for (const card of cards) expect(emails.some((e) => e.text.includes(card.code))).toBe(false); // redacted in the outbox
    expect(emails[0].text).toContain("Your code: [redacted]");
    // The card works at once.
    const spend = await call(createIntent, "/api/create-payment-intent", {
      body: { ...body, items: [{ productId: ids["dowel-jig"], quantity: 1 }], giftCards: [cards[0].code], sessionId: `sess-gc-${++session}` },
    });
    expect(spend.json).toMatchObject({ provider: "gift_card", giftCardAmount: "39.99", cardAmount: "0.00" });
    await expectLedgersAddUp();
  });
});

describe(`refunding an order that bought a gift card on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let giftCardProduct: number;
  beforeAll(async () => {
    const jigs = await db.prisma.category.findFirstOrThrow({ where: { slug: "jigs" } });
    giftCardProduct = (await db.prisma.product.create({ data: { name: "Gift card $100", slug: "gift-card-100", description: "A gift card.", price: "100.00", categoryId: jigs.id, giftCard: true } }))
      .id;
  });

  /** An order of a $100 gift card and a dowel jig ($24.00 + $15.99 shipping), paid by card; its card and a refund call. */
  async function boughtWithJig() {
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: {
        sessionId: `sess-gc-${++session}`,
        items: [
          { productId: giftCardProduct, quantity: 1 },
          { productId: ids["dowel-jig"], quantity: 1 },
        ],
        email: "giver@example.com",
        firstName: "Gia",
        lastName: "Ver",
        shippingAddress: address,
        giftRecipientEmail: "friend@example.com",
      },
    });
    expect(prepared.json).toMatchObject({ subtotal: "124.00", shipping: "15.99", total: "139.99" });
    expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
    const placed = await place(prepared.json.paymentIntentId);
    expect(placed.status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber }, include: { items: { orderBy: { id: "asc" } } } });
    const card = await db.prisma.giftCard.findFirstOrThrow({ where: { orderId: order.id } });
    const giftLine = order.items.find((i) => i.productId === giftCardProduct)!;
    expect(card.orderItemId).toBe(giftLine.id);
    const refundOf = (body: unknown) => call(refund as never, `/api/orders/${order.id}/refund`, { body, params: { id: String(order.id) }, headers: auth });
    return { order, card, giftLine, jigLine: order.items.find((i) => i.productId === ids["dowel-jig"])!, refundOf, intentId: prepared.json.paymentIntentId as string };
  }
  /** The recipient prepares a $39.99 purchase (a dowel jig and its shipping) paid by the card alone. */
  const spendOn = async (code: string) => {
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: {
        sessionId: `sess-gc-${++session}`,
        items: [{ productId: ids["dowel-jig"], quantity: 1 }],
        email: "friend@example.com",
        firstName: "Fran",
        lastName: "End",
        shippingAddress: address,
        giftCards: [code],
      },
    });
    expect(prepared.json).toMatchObject({ provider: "gift_card", giftCardAmount: "39.99", cardAmount: "0.00" });
    return () => call(postOrder, "/api/orders", { body: { paymentIntentId: prepared.json.paymentIntentId, clientSecret: prepared.json.clientSecret } });
  };
  const refundedAtProvider = async (intentId: string) => (await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId: intentId } }))._sum.amount ?? 0;

  it("a gift card is not shipped, packed or reviewed: the shipped email lists the goods only, the order marks its card line, review links leave it out", async () => {
    const { order, giftLine, jigLine } = await boughtWithJig();
    const setStatus = (body: unknown) => call(patchStatus as never, `/api/orders/${order.id}/status`, { method: "PATCH", body, params: { id: String(order.id) }, headers: auth });
    // The admin's order (what the packing slip lists): the card line is marked, the jig is goods.
    const shown = await call(getOrder as never, `/api/orders/${order.id}`, { params: { id: String(order.id) }, headers: auth });
    expect(shown.json.items.map((i: { id: number; giftCard: boolean }) => [i.id, i.giftCard])).toEqual([
      [giftLine.id, true],
      [jigLine.id, false],
    ]);
    expect((await setStatus({ status: "shipped", carrier: "USPS", trackingNumber: "9400100000000000000000" })).status).toBe(200);
    const [shipped] = await db.prisma.emailMessage.findMany({ where: { to: "giver@example.com", subject: { startsWith: "Your order has shipped" } }, orderBy: { id: "desc" }, take: 1 });
    expect(shipped.text).toContain("1 × Dowel Jig");
    expect(shipped.text).not.toContain("Gift card $100");
    expect(shipped.html).not.toContain("Gift card $100");
    expect((await setStatus({ status: "delivered" })).status).toBe(200);
    expect((await reviewLinksForOrder(order.orderNumber)).map((l) => l.name)).toEqual(["Dowel Jig"]);
    const cardLink = await openReviewLink(order.orderNumber, await signReviewToken({ orderItemId: giftLine.id, orderNumber: order.orderNumber }));
    expect(cardLink).toMatchObject({ ok: false, code: "forbidden", message: "A gift card is not reviewed: there is nothing here to review." });
    expect(await openReviewLink(order.orderNumber, await signReviewToken({ orderItemId: jigLine.id, orderNumber: order.orderNumber }))).toMatchObject({ ok: true });
  });

  it("an order of only gift cards has nothing to ship: no shipped email", async () => {
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: giftCardProduct, quantity: 1 }], email: "only-cards@example.com", firstName: "Gia", lastName: "Ver", shippingAddress: address },
    });
    expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
    const placed = await place(prepared.json.paymentIntentId);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    const changed = await call(patchStatus as never, `/api/orders/${order.id}/status`, { method: "PATCH", body: { status: "shipped" }, params: { id: String(order.id) }, headers: auth });
    expect(changed.status).toBe(200);
    expect(await db.prisma.emailMessage.count({ where: { to: "only-cards@example.com", subject: { startsWith: "Your order has shipped" } } })).toBe(0);
  });

  it("the card is refunded for what is left on it, and that balance comes off the card; what its recipient spent is never refunded", async () => {
    const bought = await boughtWithJig();
    // The recipient spends $39.99 of it (a dowel jig with its shipping).
    expect((await (await spendOn(bought.card.code))()).status).toBe(201);
    expect(await balance(bought.card.code)).toBe("60.01");

    // An amount cannot reach the card's value: only the jig and shipping ($39.99) can be refunded that way.
    const tooMuch = await bought.refundOf({ amount: 40, reason: "Goodwill" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toBe("At most $39.99 can still be refunded as an amount. A gift card this order bought is refunded with its line, for what is left on it.");
    // The gift card's line: what is left on the card, $60.01, and the card is spent out.
    const line = await bought.refundOf({ lineIds: [bought.giftLine.id], reason: "Changed their mind" });
    expect(line.status).toBe(200);
    expect(line.json.refund.amount).toBe("60.01");
    // The maker's dialogs show what can still be refunded: the jig and its shipping, not the spent $39.99.
    expect(line.json.order.refundable).toEqual({ whole: "39.99", asAmount: "39.99" });
    expect(await refundedAtProvider(bought.intentId)).toBe(6001);
    expect(await lookupGiftCard(bought.card.code)).toMatchObject({ balance: "0.00", refunded: true });
    expect((await lookupGiftCard(bought.card.code)).movements.map((m) => [m.kind, m.amount])).toEqual([
      ["issued", "100.00"],
      ["redeemed", "-39.99"],
      ["voided", "-60.01"],
    ]);
    const again = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards: [bought.card.code] },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`The gift card “${bought.card.code}” was refunded and can no longer be used.`);
    expect((await bought.refundOf({ lineIds: [bought.giftLine.id], reason: "Again" })).status).toBe(409);

    // The rest of the order: the jig and its shipping. Then nothing is left, and cancelling goes on without a refund.
    const rest = await bought.refundOf({ reason: "Returned" });
    expect(rest.json.refund.amount).toBe("39.99");
    expect(rest.json.order).toMatchObject({ refundedAmount: "100.00", refundable: { whole: "0.00", asAmount: "0.00" } });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: bought.order.id } })).refundedAmount.toFixed(2)).toBe("100.00");
    const nothing = await bought.refundOf({ reason: "Once more" });
    expect(nothing.status).toBe(409);
    expect(nothing.json.message).toBe("Nothing is left to refund: the rest of this order is gift-card value that has been spent.");
    expect(await refundedAtProvider(bought.intentId)).toBe(10000);
    const { changeOrderStatus } = await import("@/lib/orders/service");
    expect((await runAsAdmin(maker, () => changeOrderStatus(bought.order.id, { status: "cancelled", refund: true }))).status).toBe("cancelled");
    expect(await refundedAtProvider(bought.intentId)).toBe(10000);
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: bought.order.id, type: "gift_cards_refunded" } });
    expect(events.map((e) => (e.detail as { amount: string }).amount)).toEqual(["60.01"]);
    await expectLedgersAddUp();
  });

  it("a whole refund returns everything but what was spent; a refund and a purchase with the card at once never both have the money", async () => {
    for (let round = 0; round < 4; round++) {
      const bought = await boughtWithJig();
      const spend = await spendOn(bought.card.code);
      const [refunded, placed] = await Promise.all([bought.refundOf({ reason: "Cancelled by the giver" }), spend()]);
      expect(refunded.status).toBe(200);
      const card = await db.prisma.giftCard.findUniqueOrThrow({ where: { id: bought.card.id } });
      const redeemed = await db.prisma.giftCardMovement.aggregate({ _sum: { amount: true }, where: { giftCardId: card.id, kind: "redeemed" } });
      const spentCents = -Math.round(Number(redeemed._sum.amount ?? 0) * 100) || 0;
      // Either the purchase took $39.99 first and the refund returned the $60.01 left, or the refund took it all and the purchase was refused.
      expect([placed.status, spentCents]).toEqual(placed.status === 201 ? [201, 3999] : [409, 0]);
      expect(toCentsOf(card.refundedAmount) + spentCents).toBe(10000);
      expect(card.balance.toFixed(2)).toBe("0.00");
      expect(refunded.json.refund.amount).toBe(((13999 - spentCents) / 100).toFixed(2));
      expect(await refundedAtProvider(bought.intentId)).toBe(13999 - spentCents);
    }
    await expectLedgersAddUp();
  });

  it("money an order the card paid gets back after the card was refunded to its buyer is its holder's to spend, and not its buyer's again", async () => {
    const bought = await boughtWithJig();
    const placedB = await (await spendOn(bought.card.code))();
    expect(placedB.status).toBe(201);
    expect((await bought.refundOf({ lineIds: [bought.giftLine.id], reason: "Giver's refund" })).json.refund.amount).toBe("60.01");
    const orderB = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placedB.json.orderNumber } });
    const refundB = await call(refund as never, `/api/orders/${orderB.id}/refund`, { body: { reason: "Returned" }, params: { id: String(orderB.id) }, headers: auth });
    expect(refundB.json.refund.amount).toBe("39.99");
    expect(await balance(bought.card.code)).toBe("39.99");
    const again = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards: [bought.card.code] },
    });
    expect(again.json).toMatchObject({ giftCardAmount: "39.99" });
    // The giver still gets back only the rest of their order.
    expect((await bought.refundOf({ reason: "The rest" })).json.refund.amount).toBe("39.99");
    await expectLedgersAddUp();
  });

  it("an order that bought a card and paid with another: a refund returns the paying card's part to it, never to the card it bought", async () => {
    const paying = await issue(50);
    const prepared = await call(createIntent, "/api/create-payment-intent", {
      body: {
        sessionId: `sess-gc-${++session}`,
        items: [
          { productId: giftCardProduct, quantity: 1 },
          { productId: ids["dowel-jig"], quantity: 1 },
        ],
        email: "giver@example.com",
        firstName: "Gia",
        lastName: "Ver",
        shippingAddress: address,
        giftCards: [paying.code],
      },
    });
    expect(prepared.json).toMatchObject({ total: "139.99", giftCardAmount: "50.00", cardAmount: "89.99" });
    expect((await call(confirmCard, "/api/payments/test/confirm", { body: { clientSecret: prepared.json.clientSecret, card: CARD_OK } })).status).toBe(200);
    const placed = await place(prepared.json.paymentIntentId);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    const bought = await db.prisma.giftCard.findFirstOrThrow({ where: { orderId: order.id } });
    const whole = await call(refund as never, `/api/orders/${order.id}/refund`, { body: { reason: "Cancelled" }, params: { id: String(order.id) }, headers: auth });
    expect(whole.json.refund.amount).toBe("139.99");
    expect(await balance(paying.code)).toBe("50.00");
    expect(await balance(bought.code)).toBe("0.00");
    expect((await db.prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId: prepared.json.paymentIntentId } }))._sum.amount).toBe(8999);
    await expectLedgersAddUp();
  });

  it("a refund the provider refuses puts the balance back on the card, on the ledger", async () => {
    const bought = await boughtWithJig();
    const { getPaymentProvider } = await import("@/lib/payments/provider");
    const provider = getPaymentProvider();
    const spy = jest.spyOn(provider, "refund").mockResolvedValueOnce({ id: "re_refused", paymentIntentId: bought.intentId, amount: 0, status: "failed" });
    try {
      const refused = await bought.refundOf({ lineIds: [bought.giftLine.id], reason: "Refused" });
      expect(refused.status).toBe(409);
    } finally {
      spy.mockRestore();
    }
    expect(await lookupGiftCard(bought.card.code)).toMatchObject({ balance: "100.00", refunded: false });
    expect((await lookupGiftCard(bought.card.code)).movements.map((m) => [m.kind, m.amount])).toEqual([
      ["issued", "100.00"],
      ["voided", "-100.00"],
      ["restored", "100.00"],
    ]);
    expect(await db.prisma.refund.count({ where: { orderId: bought.order.id } })).toBe(0);
    // Usable again, and refundable again.
    expect((await bought.refundOf({ lineIds: [bought.giftLine.id], reason: "Now it goes through" })).json.refund.amount).toBe("100.00");
    await expectLedgersAddUp();
  });

  it("a refund made at the payment provider beyond the rest of the order comes off the card it bought; what was spent is named on the timeline", async () => {
    const { recordProviderRefund } = await import("@/lib/orders/refund-service");
    const partly = await boughtWithJig();
    await recordProviderRefund(partly.intentId, 5000); // $50.00 in the provider's dashboard: $39.99 of jig and shipping, $10.01 of the card
    expect(await lookupGiftCard(partly.card.code)).toMatchObject({ balance: "89.99", refunded: false });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: partly.order.id } })).refundedAmount.toFixed(2)).toBe("50.00");
    // What is left to refund is what is left on the card.
    expect((await partly.refundOf({ amount: 1, reason: "Goodwill" })).status).toBe(400);
    expect((await partly.refundOf({ reason: "The rest" })).json.refund.amount).toBe("89.99");

    const spent = await boughtWithJig();
    expect((await (await spendOn(spent.card.code))()).status).toBe(201);
    await recordProviderRefund(spent.intentId, 13999); // everything, in the dashboard: $39.99 of the card had been spent
    expect(await balance(spent.card.code)).toBe("0.00");
    const event = await db.prisma.orderEvent.findFirstOrThrow({ where: { orderId: spent.order.id, type: "gift_cards_refunded" } });
    expect(event.detail).toMatchObject({ amount: "60.01", spent: "39.99", source: "provider" });
    await expectLedgersAddUp();
  });

  it("a payment that cannot be captured leaves the cards it bought disabled, and their codes are not sent", async () => {
    const { getPaymentProvider } = await import("@/lib/payments/provider");
    const spy = jest.spyOn(getPaymentProvider(), "captureIntent").mockRejectedValueOnce(new Error("capture refused"));
    const sent = await db.prisma.emailMessage.count({ where: { to: "friend@example.com" } });
    let bought: Awaited<ReturnType<typeof boughtWithJig>>;
    try {
      bought = await boughtWithJig();
    } finally {
      spy.mockRestore();
    }
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: bought.order.id } })).status).toBe("pending");
    expect(await lookupGiftCard(bought.card.code)).toMatchObject({ active: false, balance: "100.00" });
    expect(await db.prisma.emailMessage.count({ where: { to: "friend@example.com" } })).toBe(sent);
    const spend = await call(createIntent, "/api/create-payment-intent", {
      body: { sessionId: `sess-gc-${++session}`, items: [{ productId: ids["dowel-jig"], quantity: 1 }], shippingAddress: address, giftCards: [bought.card.code] },
    });
    expect(spend.status).toBe(409);
  });
});

const toCentsOf = (d: { toFixed(n: number): string }) => Math.round(Number(d.toFixed(2)) * 100);

describe(`a gift card product, made by the maker, on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("is a kind of product: no count, lead time or variants; the shop says it is emailed, and the cart ships nothing for it", async () => {
    const jigs = await db.prisma.category.findFirstOrThrow({ where: { slug: "jigs" } });
    const image = { url: "/uploads/gift-1.webp", width: 1200, height: 900, alt: null };
    const body = { name: "Gift card $25", slug: "gift-card-25", description: "A gift card for the workshop.", price: "25.00", categoryId: jigs.id, images: [image], kind: "gift_card" };
    const withVariants = await call(postProduct, "/api/products", {
      method: "POST",
      headers: auth,
      body: {
        ...body,
        options: [{ name: "Amount", values: ["25", "50"] }],
        variants: [
          { values: ["25"], sku: "GC-25", price: "25.00", kind: "made_to_order" },
          { values: ["50"], sku: "GC-50", price: "50.00", kind: "made_to_order" },
        ],
      },
    });
    expect(withVariants.status).toBe(400);
    expect(withVariants.json.message).toBe("A gift card has no variants: make one gift card product per amount");
    const created = await call(postProduct, "/api/products", { method: "POST", headers: auth, body: { ...body, leadTimeMinDays: 3, leadTimeMaxDays: 5 } });
    expect(created.status).toBe(201);
    const stored = await db.prisma.product.findUniqueOrThrow({ where: { slug: "gift-card-25" } });
    expect({ giftCard: stored.giftCard, uniqueItem: stored.uniqueItem, stock: stored.stock, leadTimeMinDays: stored.leadTimeMinDays }).toEqual({
      giftCard: true,
      uniqueItem: false,
      stock: null,
      leadTimeMinDays: null,
    });
    const shown = (await call(getProduct as never, "/api/products/gift-card-25", { params: { slug: "gift-card-25" } })).json;
    expect(shown.kind).toBe("gift_card");

    const sessionId = `sess-gc-${++session}`;
    const added = await call(addToCart, "/api/cart", { method: "POST", body: { sessionId, productId: stored.id, quantity: 2 } });
    expect([added.status, added.json]).toEqual([200, expect.anything()]);
    const cart = await call(getCart as never, `/api/cart/${sessionId}`, { params: { sessionId } });
    expect(cart.json.items[0]).toMatchObject({ giftCard: true, ships: "Emailed to its recipient once paid — nothing to ship", available: true });

    // Made to order again: no longer a gift card.
    const back = await call(putProduct, `/api/products/${stored.id}`, { method: "PUT", body: { kind: "made_to_order" }, params: { slug: String(stored.id) }, headers: auth });
    expect(back.status).toBe(200);
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: stored.id } })).giftCard).toBe(false);
    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "product", entityId: String(stored.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
  });
});

describe(`the maker's list of issued cards on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  /** What the dev mailbox holds for this address (the whole message, code included: it is the recipient's copy). */
  const mailboxFor = (to: string) => {
    const dir = devMailboxDir();
    return readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .filter((m) => m.includes(to));
  };

  // The dev mailbox outlives the test database: a recipient of this run's own.
  const someone = `someone.else.${Date.now().toString(36)}@example.com`;

  it("lists every card newest first with its code masked, searched by last 4, recipient or order number; a reveal and a resend are audit rows", async () => {
    const mine = await issue(25);
    // Issued from the admin with a recipient: emailed to them at once, with its code.
    const other = await runAsAdmin(maker, () => issueGiftCardByMaker({ amount: 1000, recipientEmail: someone }));
    expect(other).toMatchObject({ emailedTo: someone, emailError: null });
    expect(mailboxFor(someone).filter((m) => m.includes(other.code))).toHaveLength(1);
    expect(await db.prisma.auditLog.count({ where: { entityType: "gift_card", entityId: String(other.id), action: "email" } })).toBe(1);
    const all = await listGiftCards({ q: "", page: 1 });
    expect(all.cards[0]).toMatchObject({ id: other.id, maskedCode: `•••• •••• ${other.code.slice(-4)}`, last4: other.code.slice(-4), balance: "10.00", recipientEmail: someone, orderNumber: null });
    expect(JSON.stringify(all)).not.toContain(other.code);
    expect(JSON.stringify(all)).not.toContain(mine.code);
    // By the code's last 4 (as typed, any case), by the recipient, by the buying order.
    expect((await listGiftCards({ q: mine.code.slice(-4).toLowerCase(), page: 1 })).cards.map((c) => c.id)).toContain(mine.id);
    expect((await listGiftCards({ q: someone.toUpperCase(), page: 1 })).cards.map((c) => c.id)).toEqual([other.id]);
    const customer = await db.prisma.customer.create({ data: { email: "buyer-53@example.com" } });
    const order = await db.prisma.order.create({
      data: {
        orderNumber: "ORD-GC53",
        customerId: customer.id,
        firstName: "Bea",
        lastName: "Yer",
        email: "buyer-53@example.com",
        status: "confirmed",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "30.00",
        shipping: "0.00",
        shippingService: "USPS_GROUND_ADVANTAGE",
        tax: "0.00",
        total: "30.00",
      },
    });
    await issueGiftCard({ amount: 3000, recipientEmail: "bea.friend@example.com", orderId: order.id });
    const bought = await db.prisma.giftCard.findFirstOrThrow({ where: { orderId: order.id }, include: { order: true } });
    const byOrder = await listGiftCards({ q: bought.order!.orderNumber, page: 1 });
    expect(byOrder.cards.map((c) => c.id)).toContain(bought.id);
    expect(byOrder.cards.every((c) => c.orderNumber === bought.order!.orderNumber)).toBe(true);
    expect((await listGiftCards({ q: "nobody-at-all", page: 1 })).total).toBe(0);
    // Pages of 20.
    const now = await listGiftCards({ q: "", page: 1 });
    expect(now.pages).toBe(Math.ceil(now.total / 20));
    expect((await listGiftCards({ q: "", page: 2 })).cards.length).toBe(Math.max(0, Math.min(20, now.total - 20)));

    // The full code to the admin who asks; the audit row names who and which card, never the code.
    expect(await runAsAdmin(maker, () => revealGiftCardCode(other.id))).toEqual({ id: other.id, code: other.code });
    const [reveal] = await db.prisma.auditLog.findMany({ where: { entityType: "gift_card", entityId: String(other.id), action: "reveal_code" } });
    expect(reveal).toMatchObject({ adminName: "maker", after: { last4: other.code.slice(-4) } });
    expect(JSON.stringify(reveal.after)).not.toContain(other.code);
    await expect(runAsAdmin(maker, () => revealGiftCardCode(99_999_999))).rejects.toMatchObject({ code: "not_found" });

    // Resend: the recipient gets the code again (the dev mailbox's copy; the outbox keeps it redacted), audited.
    const before = mailboxFor(someone).length;
    expect(await runAsAdmin(maker, () => emailGiftCard(other.id, { action: "resend" }))).toEqual({ to: someone });
    const mails = mailboxFor(someone);
    expect(mails.length).toBe(before + 1);
    expect(mails.some((m) => m.includes(other.code) && m.includes("Sam Whitaker sent you a Maple & Micron gift card for $10.00."))).toBe(true);
    const outbox = await db.prisma.emailMessage.findMany({ where: { to: someone } });
    expect(outbox.at(-1)!.text).toContain("Your code: [redacted]");
    expect(await db.prisma.auditLog.count({ where: { entityType: "gift_card", entityId: String(other.id), action: "resend" } })).toBe(1);
    // A card without a recipient, or disabled, is not sent.
    const noOne = await runAsAdmin(maker, () => issueGiftCard({ amount: 500 }));
    await expect(runAsAdmin(maker, () => emailGiftCard(noOne.id))).rejects.toMatchObject({ code: "conflict", message: "This card has no recipient's email to send it to." });
    await runAsAdmin(maker, () => setGiftCardActive(other.id, false));
    await expect(runAsAdmin(maker, () => emailGiftCard(other.id, { action: "resend" }))).rejects.toMatchObject({ code: "conflict" });
  });
});
