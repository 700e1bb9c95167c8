import "server-only";
import { log } from "@/lib/log";
import { lineKey } from "@/lib/cart/types";
import { unavailableMessage, type UnavailableCode } from "@/lib/cart/messages";
import { lineName } from "@/lib/catalog/variants";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { type Address, type OrderContact } from "@/lib/checkout/api-schemas";
import { SHIPPING_SERVICE } from "@/lib/checkout/pricing";
import { prisma, Prisma } from "@/lib/db";
import { captureOrderPayment } from "@/lib/checkout/capture-service";
import { issueGiftCard, redeemGiftCards } from "@/lib/gift-cards/service";
import { claimDiscountUse } from "@/lib/discounts/service";
import { AppError } from "@/lib/errors";
import { fromCents, decimalToCents, toCents } from "@/lib/money";
import { sendGiftCardEmails, sendOrderEmails, type IssuedGiftCard } from "@/lib/orders/email-service";
import { orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { claimPieceForOrder } from "@/lib/inventory/pieces";
import { claimStock, type StockTaken } from "@/lib/inventory/counts";
import { recordStockTaken } from "@/lib/orders/holdings";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { getPaymentProvider } from "@/lib/payments/provider";
import type { PaymentIntentInfo } from "@/lib/payments/types";
import { subscribeAtCheckout } from "@/lib/newsletter/subscriber-service";
import { recordTaxTransaction } from "@/lib/orders/tax-service";
import { claimQuoteForOrder } from "@/lib/commissions/service";
import { taxSettings } from "@/lib/tax/service";
import { CheckoutFailure, failureMessage } from "@/lib/checkout/failure";
import { priceCart } from "@/lib/checkout/pricing-service";
import { assertOpen, checkoutLines, loadOrder, paidByGiftCards, type Checkout, type CheckoutLine, type Finalized } from "@/lib/checkout/record";

/**
 * The steps of finalizeOrder (lib/checkout/service.ts) once the provider has authorised the payment:
 * the cart still as authorised, the order recorded with every claim in one transaction, the money
 * taken, the sale recorded for tax and announced; or, on a failed claim, the authorisation voided.
 */

export async function findCheckout(paymentIntentId: string): Promise<Checkout> {
  const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId } });
  if (!checkout) throw new AppError("not_found", "We could not find this checkout. Please start again from your cart.");
  return checkout;
}

/** Prices and availability must still be what the shopper authorised. */
export async function verifyCartUnchanged(checkout: Checkout) {
  // A quote's price is the maker's, fixed when it was sent: claimQuote checks it can still be paid.
  if (checkout.quoteId) return;
  const lines = checkoutLines(checkout);
  const priced = await priceCart(
    lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity })),
    { strict: false },
  );
  const unavailable = [...new Set(priced.unavailable.map((u) => u.productId))];
  const gone = priced.unavailable[0];
  if (gone) throw new CheckoutFailure(gone.code, gone.name, unavailable, gone.left, { productId: gone.productId, ...(gone.variantId ? { variantId: gone.variantId } : {}) });
  const changed = priced.lines.some((p) => p.price !== lines.find((l) => lineKey(l) === lineKey(p))?.price);
  if (changed) throw new CheckoutFailure("price_changed", "", unavailable);
}

/**
 * Marks every unique piece sold and held by the order (or fails if someone else got it first), takes
 * the units of in-stock products (or fails naming what is left: lib/inventory/counts.ts) and counts the
 * sales. Rows are locked in product id order, as re-opening an order claims them, so two such
 * transactions wait for each other instead of deadlocking. Returns what was taken from the counts.
 */
async function claimPieces(tx: Prisma.TransactionClient, orderId: number, lines: CheckoutLine[]): Promise<StockTaken[]> {
  const taken: StockTaken[] = [];
  for (const line of [...lines].filter((l) => !l.quoteId).sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0))) {
    const ref = { productId: line.productId, ...(line.variantId ? { variantId: line.variantId } : {}) };
    const name = lineName(line.name, line.variantLabel);
    if (line.uniqueItem) {
      if (!(await claimPieceForOrder(tx, orderId, line.productId))) throw new CheckoutFailure("sold", line.name, [line.productId], 0, ref);
    } else {
      const claim = await claimStock(tx, line.productId, line.quantity, line.variantId ?? null);
      if (!claim.ok) throw new CheckoutFailure(claim.left > 0 ? "short" : "sold_out", name, [line.productId], claim.left, ref);
      if (claim.taken > 0) taken.push({ ...ref, name, quantity: claim.taken });
    }
  }
  await recordStockTaken(tx, orderId, taken);
  return taken;
}

/**
 * The checkout's discount code: one use claimed for the new order in its transaction, after
 * its pieces (lib/discounts/service.ts: a conditional increment under the limit, a unique
 * row per order). Refused — used up meanwhile, expired, this email's uses spent — it fails
 * like a sold piece: the transaction rolls back and the authorisation is voided.
 */
async function claimDiscount(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number, contact: OrderContact) {
  if (!checkout.discountCode) return;
  const refusal = await claimDiscountUse(tx, { code: checkout.discountCode, orderId, email: contact.email, amount: decimalToCents(checkout.discount) });
  if (refusal) throw new CheckoutFailure("discount_refused", checkout.discountCode, undefined, 0, undefined, refusal);
}

/**
 * A commission's quote is paid once: claimed for the new order in its transaction
 * (lib/commissions/service.ts claimQuoteForOrder: open → paid, the commission accepted). Paid
 * meanwhile through another checkout, replaced, declined or long expired, it fails like a sold
 * piece: everything rolls back and the authorisation is voided.
 */
async function claimQuote(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number) {
  if (!checkout.quoteId) return;
  const galleryConsent = Boolean((checkout.contact as { galleryConsent?: boolean } | null)?.galleryConsent);
  const refusal = await claimQuoteForOrder(tx, checkout.quoteId, orderId, { galleryConsent });
  if (refusal) throw new CheckoutFailure("quote_refused", refusal);
}

/**
 * The checkout's gift cards pay their parts in the order's transaction, after the discount:
 * a conditional decrement per card (lib/gift-cards/service.ts). A card spent meanwhile fails
 * like a sold piece: everything rolls back (no card loses a cent) and the authorisation is voided.
 */
async function takeGiftCards(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number) {
  const applied = ((checkout.giftCards ?? []) as Array<{ code: string; amount: string }>).map((g) => ({ code: g.code, amount: toCents(g.amount) }));
  const short = await redeemGiftCards(tx, orderId, applied);
  if (short) throw new CheckoutFailure("gift_card_short", short);
}

/**
 * Gift cards bought with this order: one card per unit at the line's price, issued in the
 * order's transaction, for the recipient the shopper named (else the shopper); their codes
 * are emailed once the payment is captured (announceOrder).
 */
async function issueGiftCards(tx: Prisma.TransactionClient, checkout: Checkout, order: OrderWithItems, contact: OrderContact): Promise<IssuedGiftCard[]> {
  const recipientEmail = ((checkout.contact ?? {}) as { giftRecipientEmail?: string | null }).giftRecipientEmail || contact.email;
  const issued: IssuedGiftCard[] = [];
  for (const line of checkoutLines(checkout).filter((l) => l.giftCard)) {
    // The order line it was bought with: a refund of that line refunds its cards.
    const orderItemId = order.items.find((i) => i.productId === line.productId)?.id ?? null;
    for (let unit = 0; unit < line.quantity; unit++) {
      const card = await issueGiftCard({ amount: toCents(line.price), recipientEmail, orderId: order.id, orderItemId }, tx);
      issued.push({ code: card.code, amount: card.initialAmount, recipientEmail });
    }
  }
  return issued;
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
export async function recordOrder(checkout: Checkout, contact: OrderContact): Promise<Finalized> {
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
          // Not taken until the capture step says so (a process that dies before it leaves it to the upkeep).
          capture: "unknown",
          shippingAddress: address,
          billingAddress: address,
          subtotal: checkout.subtotal,
          shipping: checkout.shipping,
          shippingService: checkout.shippingService ?? SHIPPING_SERVICE,
          tax: checkout.tax,
          taxLines: checkout.taxLines ?? [],
          taxMode: taxSettings().mode,
          taxCalculationId: checkout.taxCalculationId,
          discount: checkout.discount,
          discountCode: checkout.discountCode,
          giftCardAmount: checkout.giftCardAmount,
          total: checkout.total,
          balanceDue: checkout.balanceDue,
          stripePaymentIntentId: checkout.paymentIntentId!,
          paymentProvider: checkout.provider,
          items: {
            create: lines.map((l) => ({
              productId: l.quoteId ? null : l.productId,
              productName: l.name,
              price: l.price,
              quantity: l.quantity,
              total: fromCents(toCents(l.price) * l.quantity),
              ships: l.ships ?? null,
              shipsMinDays: l.shipDays?.min ?? null,
              shipsMaxDays: l.shipDays?.max ?? null,
              discount: l.discount ?? "0.00",
              tax: l.tax ?? "0.00",
              variantId: l.variantId ?? null,
              variantSku: l.variantSku ?? null,
              variantLabel: l.variantLabel ?? null,
            })),
          },
        },
        include: orderWithItems,
      });
      const stockTaken = await claimPieces(tx, order.id, lines);
      await claimQuote(tx, checkout, order.id);
      await claimDiscount(tx, checkout, order.id, contact);
      await takeGiftCards(tx, checkout, order.id);
      const giftCardsIssued = await issueGiftCards(tx, checkout, order, contact);
      await appendOrderEvent(tx, order.id, "created", { total: order.total.toFixed(2), items: order.items.length, provider: checkout.provider }, { actor: "system" });
      await tx.checkout.update({ where: { id: checkout.id }, data: { status: "completed", orderId: order.id, failureReason: null } });
      await tx.cartItem.deleteMany({ where: { sessionId: checkout.sessionId } });
      // Consent given with a purchase: confirmed at once; an address that had unsubscribed confirms anew.
      const newsletter = contact.newsletter ? await subscribeAtCheckout(tx, contact.email, { orderNumber: order.orderNumber, ip: null, now }) : null;
      return { order, created: true, stockTaken, giftCardsIssued, newsletterConfirm: newsletter?.confirm ?? null };
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}

/**
 * Takes the authorised money (lib/checkout/capture-service.ts): captured, or pending while the provider is
 * asked what became of it, or failed with its authorisation released. The timeline names what the card paid.
 */
export async function capturePayment(order: OrderWithItems, intent: PaymentIntentInfo): Promise<OrderWithItems> {
  return captureOrderPayment(order, intent);
}

/**
 * Stripe Tax: the sale goes on record for tax (a transaction from the checkout's calculation, under
 * the order number) once the money is taken, never for an authorisation that may still be voided.
 * A failure does not undo the paid order: it is logged and on the timeline (a refund records it first).
 */
export async function recordTax(order: OrderWithItems) {
  if (!order.taxCalculationId || order.taxTransactionId || order.capture !== "captured") return;
  await recordTaxTransaction(order);
}

/** Sold pieces leave the shop and changed counts show at the next request; the shopper and the maker get their emails. */
export async function announceOrder(order: OrderWithItems, lines: CheckoutLine[], stockTaken: StockTaken[], giftCards: IssuedGiftCard[]) {
  const soldUnique = lines.filter((l) => l.uniqueItem);
  const counted = new Set(stockTaken.map((t) => t.productId));
  const slugs = lines.filter((l) => l.uniqueItem || counted.has(l.productId)).map((l) => l.slug);
  if (slugs.length) await expireCatalog({ slugs, gallery: soldUnique.length > 0 });
  await sendOrderEmails(order).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "order emails failed"));
  if (giftCards.length && order.capture === "captured")
    await sendGiftCardEmails(order, giftCards).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "gift card emails failed"));
}

/** Voids the authorisation, marks the checkout failed, and returns the 409 the shopper sees. */
export async function releaseOnFailure(checkout: Checkout, failure: CheckoutFailure): Promise<AppError> {
  const reason = failureMessage(failure.failure, failure.productName, failure.left, failure.discountRefusal);
  const paymentIntentId = checkout.paymentIntentId!;
  const provider = getPaymentProvider();
  try {
    // Paid entirely by gift cards: nothing was authorised (the rolled-back transaction took nothing from the cards).
    const intent = paidByGiftCards(paymentIntentId) ? null : await provider.retrieveIntent(paymentIntentId);
    if (intent && intent.status !== "canceled" && intent.status !== "succeeded") await provider.cancelIntent(paymentIntentId, `cancel-${paymentIntentId}`);
  } catch (error) {
    log.error({ checkoutId: checkout.id, paymentIntentId, err: error }, "could not cancel payment");
  }
  await prisma.checkout.updateMany({ where: { id: checkout.id, status: "open" }, data: { status: "failed", failureReason: reason } });
  const stock = failure.failure === "sold_out" || failure.failure === "short";
  const left = stock && !failure.line?.variantId ? { left: Object.fromEntries((failure.unavailable ?? []).map((id) => [id, failure.left])) } : {};
  // Which line, named, with what is left: the checkout's toast says it and the cart flags that line (a variant's, not its siblings').
  const line =
    failure.line && failure.failure !== "price_changed" && failure.failure !== "amount_mismatch"
      ? {
          code: failure.failure,
          lines: [
            {
              ...failure.line,
              name: failure.productName,
              code: failure.failure,
              ...(stock ? { left: failure.left } : {}),
              message: unavailableMessage(failure.failure as UnavailableCode, failure.left),
            },
          ],
        }
      : {};
  return new AppError("conflict", reason, undefined, failure.unavailable ? { unavailable: failure.unavailable, ...left, ...line } : undefined);
}
