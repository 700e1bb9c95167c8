import "server-only";
import { log } from "@/lib/log";
import { timingSafeEqual } from "node:crypto";
import { unavailableMessage, type UnavailableCode } from "@/lib/cart/messages";
import { availabilityOf, lineAvailability, maxOrderQuantity, shipDays, shippingPromise, type DayRange } from "@/lib/catalog/stock";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { orderContactSchema, type Address, type CreatePaymentIntent, type OrderContact } from "@/lib/checkout/api-schemas";
import { orderTotals, SHIPPING_SERVICE } from "@/lib/checkout/pricing";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { fromCents, toCents } from "@/lib/money";
import { sendOrderEmails } from "@/lib/orders/email-service";
import { orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { claimPieceForOrder } from "@/lib/orders/pieces";
import { claimStock, recordStockTaken, type StockTaken } from "@/lib/orders/stock";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { getPaymentProvider } from "@/lib/payments/provider";
import { UPDATABLE_STATUSES, type PaymentIntentInfo } from "@/lib/payments/types";
import { parseOrThrow } from "@/lib/validation";
import { sendCheckoutConfirmation, subscribeAtCheckout } from "@/lib/newsletter/subscriber-service";

/**
 * Paying for one-of-a-kind pieces (docs/ARCHITECTURE.md, the money path): the server prices the cart,
 * records a checkout and an authorise-only payment intent; finalizeOrder then
 * claims every unique piece in one transaction, records the order, and only
 * then captures. A failed claim voids the authorisation: nobody is charged
 * for a piece they cannot get, and no piece is sold twice.
 */
export type CheckoutLine = {
  productId: number;
  slug: string;
  name: string;
  price: string;
  quantity: number;
  uniqueItem: boolean;
  /** The promise at checkout (lib/catalog/stock.ts), kept on the order line; absent on checkouts from before issue 29. */
  ships?: string;
  shipDays?: DayRange | null;
};

const CURRENCY = "usd";

/**
 * Stripe keeps idempotency keys for 24 h per account, so keys must be unique
 * beyond this database (a reset database reuses ids): id + creation time.
 */
const idempotencyKey = (action: string, checkout: { id: number; createdAt: Date }) => `${action}-${checkout.id}-${checkout.createdAt.getTime()}`;
type PricedCart = { lines: CheckoutLine[]; unavailable: Array<{ productId: number; name: string; code: UnavailableCode; left?: number }> };

/** Prices cart lines from the database; reports what can no longer be bought. */
export async function priceCart(items: Array<{ productId: number; quantity: number }>): Promise<PricedCart> {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  const products = await prisma.product.findMany({
    where: { id: { in: [...merged.keys()] } },
    select: {
      id: true,
      slug: true,
      name: true,
      price: true,
      uniqueItem: true,
      sold: true,
      active: true,
      stock: true,
      allowBackorder: true,
      leadTimeMinDays: true,
      leadTimeMaxDays: true,
      category: { select: { active: true } },
    },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: CheckoutLine[] = [];
  const unavailable: PricedCart["unavailable"] = [];
  for (const [productId, quantity] of merged) {
    const p = byId.get(productId);
    if (!p || !p.active || !p.category.active) {
      unavailable.push({ productId, name: p?.name ?? `Product ${productId}`, code: "inactive" });
      continue;
    }
    if (p.uniqueItem && p.sold) {
      unavailable.push({ productId, name: p.name, code: "sold" });
      continue;
    }
    if (p.uniqueItem && quantity > 1) {
      throw new AppError("bad_request", `“${p.name}” is one of a kind: you can buy only one.`, { items: "Only 1 available" });
    }
    const max = maxOrderQuantity(p);
    if (availabilityOf(p).state === "sold_out") {
      unavailable.push({ productId, name: p.name, code: "sold_out", left: 0 });
      continue;
    }
    if (max !== null && quantity > max) {
      unavailable.push({ productId, name: p.name, code: "short", left: max });
      continue;
    }
    const promise = lineAvailability(p, quantity);
    lines.push({ productId, slug: p.slug, name: p.name, price: p.price.toFixed(2), quantity, uniqueItem: p.uniqueItem, ships: shippingPromise(promise), shipDays: shipDays(promise) });
  }
  return { lines, unavailable };
}

/** POST /api/create-payment-intent: one checkout and one authorise-only intent per shopper session. */
export async function preparePayment(data: CreatePaymentIntent) {
  const { lines, unavailable } = await priceCart(data.items);
  if (unavailable.length) {
    const first = unavailable[0];
    throw new AppError("conflict", unavailable.length === 1 ? `“${first.name}”: ${unavailableMessage(first.code, first.left)}` : "Some items in your cart are no longer available.", undefined, {
      unavailable: unavailable.map((u) => u.productId),
      ...(unavailable.some((u) => u.left !== undefined) ? { left: Object.fromEntries(unavailable.filter((u) => u.left !== undefined).map((u) => [u.productId, u.left])) } : {}),
    });
  }
  const { subtotal, shipping, total } = orderTotals(lines);
  const amounts = { subtotal: fromCents(subtotal), shipping: fromCents(shipping), total: fromCents(total) };
  if (data.amount !== undefined && data.amount !== total) {
    throw new AppError("conflict", "Your cart total has changed. Please review your order before paying.", undefined, amounts);
  }
  const provider = getPaymentProvider();
  const snapshot = {
    items: lines,
    contact: { email: data.email ?? null, firstName: data.firstName ?? null, lastName: data.lastName ?? null, phone: data.phone ?? null, newsletter: data.newsletter },
    shippingAddress: data.shippingAddress,
    subtotal: amounts.subtotal,
    shipping: amounts.shipping,
    total: amounts.total,
  };
  const metadata = { sessionId: data.sessionId };

  let checkout = await prisma.checkout.findFirst({
    where: { sessionId: data.sessionId, status: "open", provider: provider.name },
    orderBy: { id: "desc" },
  });
  let intent: PaymentIntentInfo | null = null;
  if (checkout?.paymentIntentId) {
    const current = await provider.retrieveIntent(checkout.paymentIntentId);
    if (UPDATABLE_STATUSES.includes(current.status)) {
      intent = current.amount === total ? current : await provider.updateIntent(current.id, { amount: total, metadata: { ...metadata, checkoutId: String(checkout.id) } });
    } else {
      checkout = null; // already confirmed or cancelled: start a new checkout rather than change a confirmed payment
    }
  }
  if (!checkout || !intent) {
    checkout = await prisma.checkout.create({ data: { sessionId: data.sessionId, provider: provider.name, ...snapshot } });
    intent = await provider.createIntent({ amount: total, currency: CURRENCY, metadata: { ...metadata, checkoutId: String(checkout.id) }, idempotencyKey: idempotencyKey("checkout", checkout) });
  }
  await prisma.checkout.update({ where: { id: checkout.id }, data: { ...snapshot, paymentIntentId: intent.id } });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name, checkoutId: checkout.id, ...amounts };
}

/**
 * True when `clientSecret` is the payment intent's own client secret: only
 * the shopper's browser holds it (from POST /api/create-payment-intent, or
 * Stripe's redirect back). The intent id alone is not proof: it appears in
 * URLs, logs and webhooks.
 */
export async function holdsClientSecret(paymentIntentId: string, clientSecret: string | undefined): Promise<boolean> {
  if (!clientSecret) return false;
  const intent = await getPaymentProvider().retrieveIntent(paymentIntentId);
  if (!intent.clientSecret) return false;
  const given = Buffer.from(clientSecret);
  const expected = Buffer.from(intent.clientSecret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Saves the contact details the shopper submitted with the order (POST /api/orders; only with the client secret). */
export async function updateCheckoutContact(paymentIntentId: string, contact: Partial<OrderContact>) {
  const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId } });
  if (!checkout || checkout.status !== "open") return;
  const current = (checkout.contact ?? {}) as Record<string, unknown>;
  const next = { ...current, ...Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined && v !== "")) };
  await prisma.checkout.update({ where: { id: checkout.id }, data: { contact: next as Prisma.InputJsonObject } });
}

type Checkout = Prisma.CheckoutGetPayload<object>;
type Finalized = { order: OrderWithItems; created: boolean; stockTaken?: StockTaken[]; newsletterConfirm?: CheckoutConfirm };
type CheckoutConfirm = Awaited<ReturnType<typeof subscribeAtCheckout>>["confirm"];

/** Why an authorised checkout cannot become an order; callers branch on the code, never on the message. */
export type CheckoutFailureCode = UnavailableCode | "price_changed" | "amount_mismatch";

/** A finalisation that must void the authorisation: thrown by a step, handled once by releaseOnFailure. */
class CheckoutFailure extends Error {
  constructor(
    readonly failure: CheckoutFailureCode,
    readonly productName = "",
    /** Product ids the shopper's cart should flag (sent as `unavailable`), when known. */
    readonly unavailable?: number[],
    /** Units left of an in-stock product that ran short. */
    readonly left = 0,
  ) {
    super(`checkout failed: ${failure}`);
  }
}

/** The shopper-facing text for each failure: the only place these sentences live. */
function failureMessage(failure: CheckoutFailureCode, productName: string, left: number): string {
  switch (failure) {
    case "sold_out":
    case "short":
      return left > 0
        ? `Sorry, only ${left} of “${productName}” ${left === 1 ? "is" : "are"} left. Your card has not been charged.`
        : `Sorry, “${productName}” just sold out. Your card has not been charged.`;
    case "sold":
      return `Sorry, “${productName}” was just bought by someone else. Your card has not been charged.`;
    case "inactive":
      return `“${productName}” is no longer available. Your card has not been charged.`;
    case "price_changed":
      return "Prices changed while you were checking out. Your card has not been charged; please review your cart.";
    case "amount_mismatch":
      return "The payment amount does not match your order. You have not been charged.";
  }
}

/**
 * The one idempotent way an order comes into being (POST /api/orders and the
 * payment webhook both call it). Returns the same order for the same intent.
 * The money path, in order: the payment is authorised for this checkout, the
 * cart is still what was authorised, every unique piece is claimed and the
 * order recorded in one transaction, and only then is the payment captured.
 * Any failure before the order exists voids the authorisation.
 */
export async function finalizeOrder(paymentIntentId: string): Promise<Finalized> {
  const checkout = await findCheckout(paymentIntentId);
  if (checkout.status === "completed" && checkout.orderId) return { order: await loadOrder(prisma, checkout.orderId), created: false };
  assertOpen(checkout.status, checkout.failureReason);
  try {
    const intent = await verifyPayment(checkout);
    const contact = readContact(checkout);
    await verifyCartUnchanged(checkout);
    const result = await recordOrder(checkout, contact);
    if (!result.created) return result;
    result.order = await capturePayment(result.order, intent);
    await announceOrder(result.order, checkoutLines(checkout), result.stockTaken ?? []);
    await sendCheckoutConfirmation(result.newsletterConfirm ?? null).catch((error) => log.error({ orderNumber: result.order.orderNumber, err: error }, "newsletter confirmation email failed"));
    return { order: result.order, created: true };
  } catch (error) {
    if (error instanceof CheckoutFailure) throw await releaseOnFailure(checkout, error);
    throw error;
  }
}

async function findCheckout(paymentIntentId: string): Promise<Checkout> {
  const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId } });
  if (!checkout) throw new AppError("not_found", "We could not find this checkout. Please start again from your cart.");
  return checkout;
}

function assertOpen(status: string | undefined, failureReason?: string | null) {
  if (status !== "open") throw new AppError("conflict", failureReason ?? "This checkout was cancelled. You have not been charged.");
}

const loadOrder = (db: Prisma.TransactionClient, id: number) => db.order.findUniqueOrThrow({ where: { id }, include: orderWithItems });
const checkoutLines = (checkout: Checkout) => checkout.items as unknown as CheckoutLine[];

/** The provider has authorised (or already taken) exactly this checkout's total. */
async function verifyPayment(checkout: Checkout): Promise<PaymentIntentInfo> {
  const intent = await getPaymentProvider().retrieveIntent(checkout.paymentIntentId!);
  if (intent.status !== "requires_capture" && intent.status !== "succeeded") {
    throw new AppError("payment_required", intent.lastError ?? "Your payment has not been authorised yet.");
  }
  if (intent.amount !== toCents(checkout.total.toFixed(2)) || intent.currency !== CURRENCY) throw new CheckoutFailure("amount_mismatch");
  return intent;
}

function readContact(checkout: Checkout): OrderContact {
  const result = orderContactSchema.safeParse(checkout.contact);
  if (!result.success) throw new AppError("bad_request", result.error.issues[0]?.message ?? "Your contact details are incomplete.");
  return result.data;
}

/** Prices and availability must still be what the shopper authorised. */
async function verifyCartUnchanged(checkout: Checkout) {
  const lines = checkoutLines(checkout);
  const priced = await priceCart(lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
  const unavailable = priced.unavailable.map((u) => u.productId);
  const gone = priced.unavailable[0];
  if (gone) throw new CheckoutFailure(gone.code, gone.name, unavailable, gone.left);
  const changed = priced.lines.some((p) => p.price !== lines.find((l) => l.productId === p.productId)?.price);
  if (changed) throw new CheckoutFailure("price_changed", "", unavailable);
}

/**
 * Marks every unique piece sold and held by the order (or fails if someone else got it first), takes
 * the units of in-stock products (or fails naming what is left: lib/orders/stock.ts) and counts the
 * sales. Rows are locked in product id order, as re-opening an order claims them, so two such
 * transactions wait for each other instead of deadlocking. Returns what was taken from the counts.
 */
async function claimPieces(tx: Prisma.TransactionClient, orderId: number, lines: CheckoutLine[]): Promise<StockTaken[]> {
  const taken: StockTaken[] = [];
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    if (line.uniqueItem) {
      if (!(await claimPieceForOrder(tx, orderId, line.productId))) throw new CheckoutFailure("sold", line.name, [line.productId]);
    } else {
      const claim = await claimStock(tx, line.productId, line.quantity);
      if (!claim.ok) throw new CheckoutFailure(claim.left > 0 ? "short" : "sold_out", line.name, [line.productId], claim.left);
      if (claim.taken > 0) taken.push({ productId: line.productId, name: line.name, quantity: claim.taken });
    }
  }
  await recordStockTaken(tx, orderId, taken);
  return taken;
}

/** The buyer's customer row; the newsletter opt-in is recorded after the order (subscribeAtCheckout), which keeps the flag. */
async function upsertCustomer(tx: Prisma.TransactionClient, contact: OrderContact) {
  return tx.customer.upsert({
    where: { email: contact.email },
    create: { email: contact.email, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone },
    update: { firstName: contact.firstName, lastName: contact.lastName, ...(contact.phone ? { phone: contact.phone } : {}) },
  });
}

/** One transaction: claim the pieces, record the order, close the checkout, empty the server cart. */
async function recordOrder(checkout: Checkout, contact: OrderContact): Promise<Finalized> {
  const lines = checkoutLines(checkout);
  const address = checkout.shippingAddress as unknown as Address;
  return prisma.$transaction(
    async (tx) => {
      // Serialise finalisations of this checkout (browser and webhook may race).
      const [locked] = await tx.$queryRaw<Array<{ status: string; orderId: number | null }>>`
        SELECT "status"::text AS status, "orderId" FROM "Checkout" WHERE "id" = ${checkout.id} FOR UPDATE`;
      if (locked?.status === "completed" && locked.orderId) return { order: await loadOrder(tx, locked.orderId), created: false };
      assertOpen(locked?.status);
      const now = new Date();
      const customer = await upsertCustomer(tx, contact);
      const order = await tx.order.create({
        data: {
          orderNumber: `ORD-${now.getTime()}-${checkout.id}`,
          customerId: customer.id,
          firstName: contact.firstName,
          lastName: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          status: "confirmed",
          shippingAddress: address,
          billingAddress: address,
          subtotal: checkout.subtotal,
          shipping: checkout.shipping,
          shippingService: SHIPPING_SERVICE,
          tax: "0.00",
          total: checkout.total,
          stripePaymentIntentId: checkout.paymentIntentId!,
          paymentProvider: checkout.provider,
          items: {
            create: lines.map((l) => ({
              productId: l.productId,
              productName: l.name,
              price: l.price,
              quantity: l.quantity,
              total: fromCents(toCents(l.price) * l.quantity),
              ships: l.ships ?? null,
              shipsMinDays: l.shipDays?.min ?? null,
              shipsMaxDays: l.shipDays?.max ?? null,
            })),
          },
        },
        include: orderWithItems,
      });
      const stockTaken = await claimPieces(tx, order.id, lines);
      await appendOrderEvent(tx, order.id, "created", { total: order.total.toFixed(2), items: order.items.length, provider: checkout.provider }, { actor: "system" });
      await tx.checkout.update({ where: { id: checkout.id }, data: { status: "completed", orderId: order.id, failureReason: null } });
      await tx.cartItem.deleteMany({ where: { sessionId: checkout.sessionId } });
      // Consent given with a purchase (issue 28): confirmed at once; an address that had unsubscribed confirms anew.
      const newsletter = contact.newsletter ? await subscribeAtCheckout(tx, contact.email, { orderNumber: order.orderNumber, ip: null, now }) : null;
      return { order, created: true, stockTaken, newsletterConfirm: newsletter?.confirm ?? null };
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}

/** Takes the authorised money; a failed capture leaves the order pending for the maker to retry. */
async function capturePayment(order: OrderWithItems, intent: PaymentIntentInfo): Promise<OrderWithItems> {
  const provider = getPaymentProvider();
  let paid = intent.status === "succeeded";
  if (!paid) {
    try {
      await provider.captureIntent(intent.id, `capture-${intent.id}`);
      paid = true;
    } catch (error) {
      // The order is recorded and the piece reserved; the maker sees it as pending and can retry the capture.
      log.error({ orderNumber: order.orderNumber, err: error }, "capture failed");
      order = await prisma.order.update({ where: { id: order.id }, data: { status: "pending" }, include: orderWithItems });
      await appendOrderEvent(prisma, order.id, "payment_pending", { reason: "capture failed" }, { actor: "system" });
    }
  }
  if (paid) await appendOrderEvent(prisma, order.id, "paid", { amount: order.total.toFixed(2), provider: provider.name }, { actor: "system" });
  return order;
}

/** Sold pieces leave the shop and changed counts show at the next request; the shopper and the maker get their emails. */
async function announceOrder(order: OrderWithItems, lines: CheckoutLine[], stockTaken: StockTaken[]) {
  const soldUnique = lines.filter((l) => l.uniqueItem);
  const counted = new Set(stockTaken.map((t) => t.productId));
  const slugs = lines.filter((l) => l.uniqueItem || counted.has(l.productId)).map((l) => l.slug);
  if (slugs.length) await expireCatalog({ slugs, gallery: soldUnique.length > 0 });
  await sendOrderEmails(order).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "order emails failed"));
}

/** Voids the authorisation, marks the checkout failed, and returns the 409 the shopper sees. */
async function releaseOnFailure(checkout: Checkout, failure: CheckoutFailure): Promise<AppError> {
  const reason = failureMessage(failure.failure, failure.productName, failure.left);
  const paymentIntentId = checkout.paymentIntentId!;
  const provider = getPaymentProvider();
  try {
    const intent = await provider.retrieveIntent(paymentIntentId);
    if (intent.status !== "canceled" && intent.status !== "succeeded") await provider.cancelIntent(paymentIntentId, `cancel-${paymentIntentId}`);
  } catch (error) {
    log.error({ checkoutId: checkout.id, paymentIntentId, err: error }, "could not cancel payment");
  }
  await prisma.checkout.updateMany({ where: { id: checkout.id, status: "open" }, data: { status: "failed", failureReason: reason } });
  const left = failure.failure === "sold_out" || failure.failure === "short" ? { left: Object.fromEntries((failure.unavailable ?? []).map((id) => [id, failure.left])) } : {};
  return new AppError("conflict", reason, undefined, failure.unavailable ? { unavailable: failure.unavailable, ...left } : undefined);
}

/** Marks a checkout failed or cancelled when the provider says so (webhook). */
export async function markCheckoutClosed(paymentIntentId: string, status: "failed" | "cancelled", reason: string) {
  await prisma.checkout.updateMany({ where: { paymentIntentId, status: "open" }, data: { status, failureReason: reason } });
}
