/**
 * Issue 30: paying a commission's quote through the shop's own checkout, with the test
 * provider, on both databases. Request → quote → POST /api/quotes/{token}/payment (priced
 * from the quote, never from the browser) → the test card → POST /api/orders → one order
 * with the commission's line; the quote is paid once; expired, replaced and tampered
 * payments are refused and release the card. Route modules are imported after the env is set.
 */
import { runAsAdmin } from "@/lib/audit/context";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

process.env.RATE_LIMIT_SCALE = "1";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let routes: { commission: Handler; pay: Handler; confirm: Handler; orders: Handler; createIntent: Handler };
let service: typeof import("@/lib/commissions/service");
let schemas: typeof import("@/lib/commissions/admin-schemas");
let dto: typeof import("@/lib/orders/dto");
let orderRow: typeof import("@/lib/orders/order-row");
let gallery: typeof import("@/lib/commissions/gallery-service");
let galleryRoute: Handler;
let maker: { id: number; username: string };
let productId: number;
let categoryId: number;
/** The commission paid in the first test, with the shopper's consent to show it. */
let paid: { id: number; reference: string };

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  routes = {
    commission: (await import("@/app/api/commissions/route")).POST as Handler,
    pay: (await import("@/app/api/quotes/[token]/payment/route")).POST as Handler,
    confirm: (await import("@/app/api/payments/test/confirm/route")).POST as Handler,
    orders: (await import("@/app/api/orders/route")).POST as Handler,
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST as Handler,
  };
  service = await import("@/lib/commissions/service");
  schemas = await import("@/lib/commissions/admin-schemas");
  dto = await import("@/lib/orders/dto");
  orderRow = await import("@/lib/orders/order-row");
  gallery = await import("@/lib/commissions/gallery-service");
  galleryRoute = (await import("@/app/api/gallery/route")).GET as Handler;
  maker = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  productId = (await db.prisma.product.findFirstOrThrow({ where: { uniqueItem: false, giftCard: false }, orderBy: { id: "asc" } })).id;
  categoryId = (await db.prisma.category.findFirstOrThrow({ where: { active: true }, orderBy: { id: "asc" } })).id;
});
afterAll(() => db?.cleanup());

const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
const contact = { email: "robin@example.com", firstName: "Robin", lastName: "Ash", phone: "555-0100" };
const CARD_OK = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;

/** A new commission request and a quote for it (no deposit unless asked), as the maker sends it. */
async function quoted(over: Record<string, unknown> = {}, now = new Date()) {
  const asked = await call(routes.commission, "/api/commissions", {
    body: { name: "Robin Ash", email: contact.email, description: "A salad bowl in black walnut, about 12 inches across, for a wedding present.", budget: "150_300" },
    headers: fromClient(nextIp()),
  });
  expect(asked.status).toBe(201);
  const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: asked.json.reference } });
  const input = schemas.quoteSchema.parse({ id: commission.id, price: "240", shipping: "18.50", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: day(14), ...over });
  const { url, quoteId } = await runAsAdmin(maker, () => service.createQuote(input, now));
  return { commission, quoteId, token: url.split("/quote/")[1] };
}

const pay = (token: string, body: Record<string, unknown> = {}) =>
  call(routes.pay, `/api/quotes/${token}/payment`, { params: { token }, body: { ...contact, shippingAddress: address, amount: 25850, ...body } });
const authorize = (clientSecret: string) => call(routes.confirm, "/api/payments/test/confirm", { body: { clientSecret, card: CARD_OK } });
const finalize = (paymentIntentId: string, clientSecret?: string) => call(routes.orders, "/api/orders", { body: { paymentIntentId, clientSecret } });
const intentStatus = async (paymentIntentId: string) => (await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } })).status;

describe(`Paying a commission's quote on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("request → quote → pay → one order with the commission's line; the quote is paid once and a second payment points at the order", async () => {
    const { commission, quoteId, token } = await quoted();
    const prepared = await pay(token, { galleryConsent: true });
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ provider: "test", subtotal: "240.00", shipping: "18.50", discount: "0.00", tax: "0.00", total: "258.50", cardAmount: "258.50" });
    const checkout = await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: prepared.json.paymentIntentId } });
    expect(checkout).toMatchObject({ quoteId, status: "open", sessionId: `quote-${quoteId}` });

    // Preparing again (the address typed anew) keeps one checkout and one intent.
    const again = await pay(token, { galleryConsent: true });
    expect(again.json.paymentIntentId).toBe(prepared.json.paymentIntentId);
    expect(await db.prisma.checkout.count({ where: { quoteId } })).toBe(1);

    expect((await authorize(prepared.json.clientSecret)).status).toBe(200);
    const placed = await finalize(prepared.json.paymentIntentId, prepared.json.clientSecret);
    expect(placed.status).toBe(201);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber }, include: orderRow.orderWithItems });
    expect(order).toMatchObject({ status: "confirmed", email: "robin@example.com", firstName: "Robin", lastName: "Ash" });
    expect([order.subtotal, order.shipping, order.tax, order.total].map((d) => d.toFixed(2))).toEqual(["240.00", "18.50", "0.00", "258.50"]);
    expect(
      order.items.map((i) => ({ productId: i.productId, name: i.productName, price: i.price.toFixed(2), quantity: i.quantity, ships: i.ships, min: i.shipsMinDays, max: i.shipsMaxDays })),
    ).toEqual([
      {
        productId: null,
        name: `Commission ${commission.reference} — A salad bowl in black walnut, about 12 inches across, for a wedding present.`,
        price: "240.00",
        quantity: 1,
        ships: "Made to order — ships in 15–20 working days",
        min: 15,
        max: 20,
      },
    ]);
    expect(await intentStatus(prepared.json.paymentIntentId)).toBe("succeeded");
    expect(dto.toOrderDTO(order).commission).toEqual({ id: commission.id, reference: commission.reference });
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "paid", orderId: order.id, paidAt: expect.any(Date) });
    expect(await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: "accepted", galleryConsent: true });
    paid = { id: commission.id, reference: commission.reference };
    const mails = await db.prisma.emailMessage.findMany({ where: { subject: { contains: order.orderNumber } }, orderBy: { id: "asc" } });
    expect(mails.map((m) => m.to)).toContain("robin@example.com");
    expect(mails.find((m) => m.to === "robin@example.com")!.text).toContain(`Commission ${commission.reference}`);

    // The same link again: refused, naming the order; nothing new is authorised.
    const second = await pay(token);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ message: "This quote has been paid. Thank you!", orderNumber: order.orderNumber });
    expect(await service.openQuote(token)).toEqual({ ok: false, code: "conflict", message: "This quote has been paid. Thank you!", orderNumber: order.orderNumber });
    expect(await db.prisma.checkout.count({ where: { quoteId } })).toBe(1);
    // Replaying the order call returns the same order.
    const replay = await finalize(prepared.json.paymentIntentId);
    expect(replay).toMatchObject({ status: 200, json: { orderNumber: order.orderNumber } });
    expect(await db.prisma.order.count({ where: { commissionQuote: { id: quoteId } } })).toBe(1);
  });

  it("a tampered amount is refused before anything is authorised; the server's price is the quote's", async () => {
    const { quoteId, token } = await quoted();
    for (const amount of [100, 25849, 0]) {
      const res = await pay(token, { amount });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ message: "This quote's amount is not what your page shows. Please reload the quote before paying.", total: "258.50" });
    }
    expect(await db.prisma.checkout.count({ where: { quoteId } })).toBe(0);
    // Without an amount the quote's own total is charged: the browser never prices it.
    const res = await pay(token, { amount: undefined, price: "1.00", total: "1.00", items: [{ productId, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe("258.50");
    expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: res.json.paymentIntentId } })).amount).toBe(25850);
  });

  it("an expired or replaced quote is refused with its message; a payment claimed after the quote was replaced releases the card", async () => {
    const past = new Date(Date.now() - 30 * 86_400_000);
    const expired = await quoted({ expiresOn: past.toISOString().slice(0, 10) }, past);
    const res = await pay(expired.token);
    expect(res.status).toBe(410);
    expect(res.json.message).toBe("This quote has expired. Reply to the maker if you would still like the piece: they can send a new one.");

    // Authorised, then the maker sends a new quote before the order is made: no order, the card released.
    const { commission, quoteId, token } = await quoted();
    const prepared = await pay(token);
    expect((await authorize(prepared.json.clientSecret)).status).toBe(200);
    const replaced = await runAsAdmin(maker, () =>
      service.createQuote(schemas.quoteSchema.parse({ id: commission.id, price: "260", shipping: "0", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: day(7) })),
    );
    const refused = await finalize(prepared.json.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("This quote was replaced by a newer one. Please use the link from the latest email. Your card has not been charged.");
    expect(await intentStatus(prepared.json.paymentIntentId)).toBe("canceled");
    expect(await db.prisma.order.count({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } })).toBe(0);
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "withdrawn", orderId: null });
    expect((await pay(token)).status).toBe(410);

    // The new quote pays; authorised just before its day ended, it is still taken within the hour after.
    const fresh = await pay(replaced.url.split("/quote/")[1], { amount: 26000 });
    expect(fresh.json.total).toBe("260.00");
    await authorize(fresh.json.clientSecret);
    await db.prisma.commissionQuote.update({ where: { id: replaced.quoteId }, data: { expiresAt: new Date(Date.now() - 30 * 60_000) } });
    expect((await finalize(fresh.json.paymentIntentId)).status).toBe(201);
    expect(await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).toMatchObject({ status: "accepted", galleryConsent: false });
  });

  it("a payment finished more than an hour after the quote expired is refused and released", async () => {
    const { quoteId, token } = await quoted();
    const prepared = await pay(token);
    await authorize(prepared.json.clientSecret);
    await db.prisma.commissionQuote.update({ where: { id: quoteId }, data: { expiresAt: new Date(Date.now() - 2 * 3_600_000) } });
    const refused = await finalize(prepared.json.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("This quote has expired. Reply to the maker if you would still like the piece: they can send a new one. Your card has not been charged.");
    expect(await intentStatus(prepared.json.paymentIntentId)).toBe("canceled");
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({ status: "open", orderId: null });
  });

  it("bad input is a 4xx and changes nothing; a cart's session id cannot reach a quote's checkout", async () => {
    const { quoteId, token } = await quoted();
    const bad: Array<[string, Record<string, unknown>, number]> = [
      ["a token that is not one", {}, 400],
      [token, { shippingAddress: { ...address, country: "FR" } }, 400],
      [token, { shippingAddress: "12 Elm Street" }, 400],
      [token, { amount: "25850" }, 400],
      [token, { amount: 1e12 }, 400],
      [token, { galleryConsent: "yes" }, 400],
      [token, { email: "x".repeat(300) }, 400],
      [token, { shippingAddress: { ...address, city: "Ashe\u0000ville" } }, 400],
    ];
    for (const [t, body, status] of bad) {
      const res = await call(routes.pay, `/api/quotes/${encodeURIComponent(t)}/payment`, { params: { token: t }, body: { ...contact, shippingAddress: address, amount: 25850, ...body } });
      expect([t.slice(0, 20), body, res.status]).toEqual([t.slice(0, 20), body, status]);
      expect(res.json.message).toEqual(expect.any(String));
    }
    const notJson = await call(routes.pay, `/api/quotes/${token}/payment`, { params: { token }, rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(await db.prisma.checkout.count({ where: { quoteId } })).toBe(0);

    // A quote needs the address it ships to.
    const noAddress = await pay(token, { shippingAddress: undefined });
    expect(noAddress).toMatchObject({ status: 400, json: { message: "Enter your shipping address" } });
    expect(await db.prisma.checkout.count({ where: { quoteId } })).toBe(0);

    // A cart sent under the quote's session id gets a checkout of its own; the quote's is untouched.
    const prepared = await pay(token);
    const cart = await call(routes.createIntent, "/api/create-payment-intent", { body: { sessionId: `quote-${quoteId}`, items: [{ productId, quantity: 1 }], ...contact, shippingAddress: address } });
    expect(cart.status).toBe(200);
    expect(cart.json.paymentIntentId).not.toBe(prepared.json.paymentIntentId);
    expect(await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: prepared.json.paymentIntentId } })).toMatchObject({ quoteId, total: expect.anything() });
    expect((await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: cart.json.paymentIntentId } })).quoteId).toBeNull();
  });

  it("a finished commission the shopper agreed to show is published to the gallery once, as a sold piece at the price paid", async () => {
    const piece = {
      name: "Black walnut salad bowl",
      categoryId,
      description: "Turned from one board of black walnut, oiled.",
      images: [{ url: "/demo/products/walnut-bowl-1.webp", width: 1200, height: 900 }],
    };
    // As the server action sends it: through its schema, which keeps only the piece's own fields.
    const publish = (id: number, over: Record<string, unknown> = {}) => runAsAdmin(maker, () => gallery.publishCommission(schemas.publishCommissionSchema.parse({ id, ...piece, ...over })));
    await expect(publish(paid.id)).rejects.toMatchObject({ code: "conflict", message: "Only a shipped or closed commission can go in the gallery." });
    for (const status of ["in_progress", "shipped"] as const) await runAsAdmin(maker, () => service.moveCommission({ id: paid.id, status }));
    // The product's own rules: photos and a name are required; nothing is created.
    await expect(publish(paid.id, { images: [], name: "" })).rejects.toMatchObject({ code: "bad_request", fields: { images: expect.any(String), name: expect.any(String) } });
    // Only the piece's own fields are taken: the product form's "clone" (which waives the photos) is not one of them.
    await expect(publish(paid.id, { images: [], clone: true })).rejects.toMatchObject({ code: "bad_request", fields: { images: expect.any(String) } });
    expect(await db.prisma.product.count({ where: { commissionId: paid.id } })).toBe(0);
    // A price sent with it is not the one shown: the piece shows at what was paid.
    const product = await publish(paid.id, { price: "1.00", sold: false, showInGallery: false });
    expect(product).toMatchObject({ name: "Black walnut salad bowl", price: "240.00", uniqueItem: true, sold: true, showInGallery: true, active: true });
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).commissionId).toBe(paid.id);
    // The shop already has a "Black Walnut Salad Bowl": the piece's address takes the commission's reference.
    expect(product.slug).toBe(`black-walnut-salad-bowl-${paid.reference.toLowerCase()}`);
    const shown = await call(galleryRoute, "/api/gallery");
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.json)).toContain("Black walnut salad bowl");
    const audit = await db.prisma.auditLog.findMany({
      where: {
        OR: [
          { entityType: "commission", entityId: String(paid.id), action: "publish" },
          { entityType: "product", entityId: String(product.id) },
        ],
      },
    });
    expect(audit.map((a) => [a.entityType, a.action, a.adminName]).sort()).toEqual([
      ["commission", "publish", "maker"],
      ["product", "create", "maker"],
    ]);

    await expect(publish(paid.id, { name: "Another bowl" })).rejects.toMatchObject({ code: "conflict", message: "This commission is already in the gallery as “Black walnut salad bowl”." });
    expect(await db.prisma.product.count({ where: { commissionId: paid.id } })).toBe(1);

    // Without the shopper's consent nothing is published, finished or not.
    const { commission } = await quoted();
    await expect(publish(commission.id, { name: "Unshown bowl" })).rejects.toMatchObject({ code: "conflict", message: "The shopper did not agree to show this piece: it cannot go in the gallery." });
    expect(await db.prisma.product.count({ where: { name: "Unshown bowl" } })).toBe(0);
  });

  it("cancelling a commission's order reopens the commission for a new quote; re-opening the order accepts it again, unless it was quoted anew", async () => {
    const orders = await import("@/lib/orders/service");
    const placeOrder = async () => {
      const { commission, quoteId, token } = await quoted();
      const prepared = await pay(token, { galleryConsent: true });
      await authorize(prepared.json.clientSecret);
      const placed = await finalize(prepared.json.paymentIntentId);
      const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
      return { commission, quoteId, order };
    };
    const status = (orderId: number, change: Record<string, unknown>) => runAsAdmin(maker, () => orders.changeOrderStatus(orderId, change as never));
    const commissionOf = (id: number) => db.prisma.commission.findUniqueOrThrow({ where: { id }, select: { status: true, galleryConsent: true } });

    const first = await placeOrder();
    await status(first.order.id, { status: "cancelled", refund: true, reason: "The shopper changed their mind" });
    expect(await commissionOf(first.commission.id)).toEqual({ status: "new", galleryConsent: false });
    // The paid quote keeps its record of the order; the refund went through the provider.
    expect(await db.prisma.commissionQuote.findUniqueOrThrow({ where: { id: first.quoteId } })).toMatchObject({ status: "paid", orderId: first.order.id });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: first.order.id } })).refundedAmount.toFixed(2)).toBe("258.50");
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: first.order.id, type: "commission_reopened" } });
    expect(events.map((e) => e.detail)).toEqual([{ reference: first.commission.reference }]);
    // Re-opened without a new quote: accepted again, with the consent given when paying.
    await status(first.order.id, { status: "confirmed" });
    expect(await commissionOf(first.commission.id)).toEqual({ status: "accepted", galleryConsent: true });

    const second = await placeOrder();
    await status(second.order.id, { status: "cancelled" });
    const again = await runAsAdmin(maker, () =>
      service.createQuote(schemas.quoteSchema.parse({ id: second.commission.id, price: "200", shipping: "0", leadTimeMinDays: "10", leadTimeMaxDays: "12", expiresOn: day(7) })),
    );
    expect(again.quoteId).toEqual(expect.any(Number));
    await expect(status(second.order.id, { status: "confirmed" })).rejects.toMatchObject({
      code: "conflict",
      message: `Commission ${second.commission.reference} was quoted again after order ${second.order.orderNumber} was cancelled: the order cannot be re-opened.`,
    });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: second.order.id } })).status).toBe("cancelled");
    expect((await commissionOf(second.commission.id)).status).toBe("quoted");
  });
  it("deposit then balance: two captured payments on one order; the balance link is paid once; refunds go back per payment", async () => {
    const { commission, token } = await quoted({ depositPercent: "30" });
    // 30 % of the 240.00 price now; the rest (168.00 + 18.50 shipping) is the balance.
    const prepared = await pay(token);
    expect(prepared.status).toBe(200);
    expect(prepared.json).toMatchObject({ total: "258.50", cardAmount: "72.00", balanceDue: "186.50" });
    expect((await db.prisma.testPaymentIntent.findUniqueOrThrow({ where: { id: prepared.json.paymentIntentId } })).amount).toBe(7200);
    await authorize(prepared.json.clientSecret);
    const placed = await finalize(prepared.json.paymentIntentId, prepared.json.clientSecret);
    expect(placed.status).toBe(201);
    const orderId = (await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } })).id;
    const loadOrder = () => db.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: orderRow.orderWithItems });
    let order = await loadOrder();
    expect([order.total, order.balanceDue].map((d) => d.toFixed(2))).toEqual(["258.50", "186.50"]);
    expect(dto.toOrderDTO(order)).toMatchObject({ balanceDue: "186.50", payments: [], refundable: { whole: "72.00" } });
    expect(await intentStatus(prepared.json.paymentIntentId)).toBe("succeeded");
    const paidEvent = await db.prisma.orderEvent.findFirstOrThrow({ where: { orderId, type: "paid" } });
    expect(paidEvent.detail).toMatchObject({ amount: "72.00", balanceDue: "186.50" });

    // The maker sends the balance link: the amount is the order's balance, never typed.
    await runAsAdmin(maker, () => service.moveCommission({ id: commission.id, status: "in_progress" }));
    const sent = await runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(7) })));
    const balanceToken = sent.url.split("/quote/")[1];
    const mail = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: contact.email, subject: { contains: "The balance for your commission" } }, orderBy: { id: "desc" } });
    expect(mail.text).toContain(`Balance of order ${order.orderNumber}: $186.50`);
    // The stored copy keeps the link's place but not its token (issue 54: a balance link names the buyer).
    expect(mail.text).toContain("/quote/[redacted]");
    expect(mail.text).not.toContain(balanceToken);
    const opened = await service.openQuote(balanceToken);
    expect(opened).toMatchObject({ ok: true, quote: { total: 18650 }, balanceOf: { orderNumber: order.orderNumber } });

    // A tampered amount is refused; the address sent is ignored (it ships to the order's).
    expect((await pay(balanceToken, { amount: 100 })).status).toBe(409);
    const balance = await pay(balanceToken, { amount: 18650, shippingAddress: { ...address, city: "Elsewhere" } });
    expect(balance.status).toBe(200);
    expect(balance.json).toMatchObject({ total: "186.50", cardAmount: "186.50", orderNumber: order.orderNumber });
    const balanceCheckout = await db.prisma.checkout.findUniqueOrThrow({ where: { paymentIntentId: balance.json.paymentIntentId } });
    expect(balanceCheckout).toMatchObject({ balanceOrderId: orderId });
    expect((balanceCheckout.shippingAddress as { city: string }).city).toBe("Asheville");
    await authorize(balance.json.clientSecret);
    const recorded = await finalize(balance.json.paymentIntentId, balance.json.clientSecret);
    expect(recorded).toMatchObject({ status: 201, json: { orderNumber: order.orderNumber } });
    expect(await db.prisma.order.count({ where: { commissionQuote: { commissionId: commission.id } } })).toBe(1);
    order = await loadOrder();
    expect(order.balanceDue.toFixed(2)).toBe("0.00");
    expect(order.payments.map((p) => [p.paymentIntentId, p.amount.toFixed(2), p.captured])).toEqual([[balance.json.paymentIntentId, "186.50", true]]);
    expect(await intentStatus(balance.json.paymentIntentId)).toBe("succeeded");
    const receipts = await db.prisma.emailMessage.findMany({ where: { subject: { contains: `Balance received for order ${order.orderNumber}` } } });
    expect(receipts.map((m) => m.to)).toEqual([contact.email]);
    // Paid once: the link now points at the order, a replay records nothing new.
    expect(await pay(balanceToken)).toMatchObject({ status: 409, json: { message: "This balance has been paid. Thank you!", orderNumber: order.orderNumber } });
    expect(await finalize(balance.json.paymentIntentId)).toMatchObject({ status: 200, json: { orderNumber: order.orderNumber } });
    expect(await db.prisma.orderPayment.count({ where: { orderId } })).toBe(1);
    // The shopper's order status page tells the two payments apart.
    const { lookupOrderStatus } = await import("@/lib/orders/lookup-queries");
    const status = await lookupOrderStatus({ orderNumber: order.orderNumber, email: contact.email });
    expect(status.milestones.map((m) => m.label)).toEqual(["Order placed", "Deposit of $72.00 received; balance of $186.50 due when the piece is ready", "Balance of $186.50 received"]);
    await expect(runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(7) })))).rejects.toMatchObject({ code: "conflict" });

    // Refunds per payment: an amount comes back from the balance first; the rest of the order from both, each under its own key.
    const refunds = await import("@/lib/orders/refund-service");
    const partial = await runAsAdmin(maker, () => refunds.refundOrder(orderId, { amount: 50, reason: "A scratch on the top" }));
    expect(partial).toMatchObject({ amount: "50.00", refunds: [{ amount: "50.00", paymentIntentId: balance.json.paymentIntentId }] });
    const rest = await runAsAdmin(maker, () => refunds.refundOrder(orderId, { reason: "Returned in the end" }));
    expect(rest.amount).toBe("208.50");
    expect(rest.refunds.map((r) => [r.paymentIntentId, r.amount])).toEqual([
      [balance.json.paymentIntentId, "136.50"],
      [prepared.json.paymentIntentId, "72.00"],
    ]);
    const atProvider = await db.prisma.testRefund.findMany({ orderBy: { createdAt: "asc" }, where: { paymentIntentId: { in: [prepared.json.paymentIntentId, balance.json.paymentIntentId] } } });
    expect(atProvider.map((r) => [r.paymentIntentId, r.amount])).toEqual([
      [balance.json.paymentIntentId, 5000],
      [balance.json.paymentIntentId, 13650],
      [prepared.json.paymentIntentId, 7200],
    ]);
    expect(new Set(atProvider.map((r) => r.idempotencyKey)).size).toBe(3);
    expect((await loadOrder()).refundedAmount.toFixed(2)).toBe("258.50");
    // The same request again moves no money.
    const replay = await runAsAdmin(maker, () => refunds.refundOrder(orderId, { reason: "Returned in the end" }));
    expect(replay).toMatchObject({ replayed: true, amount: "208.50" });
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: { in: [prepared.json.paymentIntentId, balance.json.paymentIntentId] } } })).toBe(3);
  });

  it("a balance link stops working when its order is cancelled; a deposit order cancelled with a refund returns the deposit only", async () => {
    const { commission, token } = await quoted({ depositPercent: "50" });
    const prepared = await pay(token);
    await authorize(prepared.json.clientSecret);
    const placed = await finalize(prepared.json.paymentIntentId);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber } });
    const sent = await runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id: commission.id, expiresOn: day(3) })));
    const balanceToken = sent.url.split("/quote/")[1];
    const balance = await pay(balanceToken, { amount: 13850 });
    expect(balance.status).toBe(200);
    await authorize(balance.json.clientSecret);

    const orders = await import("@/lib/orders/service");
    await runAsAdmin(maker, () => orders.changeOrderStatus(order.id, { status: "cancelled", refund: true, reason: "The shopper cancelled" } as never));
    const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([after.status, after.refundedAmount.toFixed(2), after.balanceDue.toFixed(2)]).toEqual(["cancelled", "120.00", "138.50"]);
    // The authorised balance is refused and released; the link says why.
    const refused = await finalize(balance.json.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("Your card has not been charged.");
    expect(await intentStatus(balance.json.paymentIntentId)).toBe("canceled");
    expect(await db.prisma.orderPayment.count({ where: { orderId: order.id } })).toBe(0);
    expect(await pay(balanceToken)).toMatchObject({ status: 410 });
  });
  describe("a deposit order's balance, guarded", () => {
    async function depositOrder() {
      const { commission, token } = await quoted({ depositPercent: "30" });
      const deposit = await pay(token);
      await authorize(deposit.json.clientSecret);
      const placed = await finalize(deposit.json.paymentIntentId);
      expect(placed.status).toBe(201);
      const order = await db.prisma.order.findUniqueOrThrow({ where: { orderNumber: placed.json.orderNumber }, include: { items: true } });
      return { commission, order };
    }
    const sendBalance = (id: number) => runAsAdmin(maker, () => service.sendBalanceQuote(schemas.balanceQuoteSchema.parse({ id, expiresOn: day(7) })));

    it("an order refunded by its line (all that was paid) takes no balance: it is cancelled, the link it had stops working and no new one can be sent", async () => {
      const { commission, order } = await depositOrder();
      const sent = await sendBalance(commission.id);
      const refunds = await import("@/lib/orders/refund-service");
      const refunded = await runAsAdmin(maker, () => refunds.refundOrder(order.id, { lineIds: [order.items[0].id], reason: "The shopper changed their mind" }));
      expect(refunded.amount).toBe("72.00");
      expect(await pay(sent.url.split("/quote/")[1], { amount: 18650 })).toMatchObject({ status: 410 });
      await expect(sendBalance(commission.id)).rejects.toMatchObject({ code: "conflict", message: `Order ${order.orderNumber} was cancelled: there is no balance to ask for.` });
      expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("refunded");
    });

    it("deleting the deposit order archives it and withdraws its balance link: it never becomes an order of its own", async () => {
      const { commission, order } = await depositOrder();
      const sent = await sendBalance(commission.id);
      const token = sent.url.split("/quote/")[1];
      const prepared = await pay(token, { amount: 18650 });
      await authorize(prepared.json.clientSecret);
      const { deleteOrder } = await import("@/lib/orders/admin-service");
      await runAsAdmin(maker, () => deleteOrder(order.id));
      expect(await pay(token, { amount: 18650 })).toMatchObject({ status: 410 });
      // A deposit moved money: the order is archived, not deleted, and no new balance link can be sent for it.
      expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).archivedAt).not.toBeNull();
      await expect(sendBalance(commission.id)).rejects.toMatchObject({ code: "conflict", message: `Order ${order.orderNumber} is archived: there is no balance to ask for.` });
      // The balance authorised before the order went: refused and released, no order made.
      const refused = await finalize(prepared.json.paymentIntentId);
      expect(refused.status).toBe(409);
      expect(await intentStatus(prepared.json.paymentIntentId)).toBe("canceled");
      expect(await db.prisma.order.count({ where: { stripePaymentIntentId: prepared.json.paymentIntentId } })).toBe(0);
    });

    (process.env.TEST_DATABASE_URL ? it : it.skip)(
      "sending a balance link while the balance is paid: the two wait for each other, never a deadlock (PostgreSQL: the embedded database runs one transaction at a time)",
      async () => {
        const { commission } = await depositOrder();
        const sent = await sendBalance(commission.id);
        const balance = await pay(sent.url.split("/quote/")[1], { amount: 18650 });
        await authorize(balance.json.clientSecret);
        const waiting = async () =>
          Number((await db.prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)[0].n);
        // Hold the commission's row so both calls queue behind it, then let them race.
        let release!: () => void;
        let held!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        const isHeld = new Promise<void>((r) => (held = r));
        const holder = db.prisma.$transaction(
          async (tx) => {
            await tx.$queryRaw`SELECT "id" FROM "Commission" WHERE "id" = ${commission.id} FOR UPDATE`;
            held();
            await gate;
          },
          { timeout: 30_000 },
        );
        await isHeld;
        const again = sendBalance(commission.id).then(
          () => "sent",
          (e: Error) => e.message,
        );
        for (let i = 0; i < 200 && (await waiting()) < 1; i++) await new Promise((r) => setTimeout(r, 10));
        const paying = finalize(balance.json.paymentIntentId);
        for (let i = 0; i < 50 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 10));
        release();
        await holder;
        const [sendResult, paid] = await Promise.all([again, paying]);
        // Either order is fine; a 500 (a deadlock) is not.
        expect([200, 201, 409]).toContain(paid.status);
        expect(typeof sendResult).toBe("string");
        expect(sendResult).not.toMatch(/deadlock/i);
      },
    );
  });
});
