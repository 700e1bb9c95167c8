import "server-only";
import { log } from "@/lib/log";
import type { CreatePaymentIntent } from "@/lib/checkout/api-schemas";
import { prisma } from "@/lib/db";
import { settleCapture } from "@/lib/checkout/capture-service";
import { getPaymentProvider } from "@/lib/payments/provider";
import { sendCheckoutConfirmation } from "@/lib/newsletter/subscriber-service";
import { priceCheckout } from "@/lib/checkout/pricing-service";
import { assertCardMinimum, checkoutSnapshot, prepareGiftCardPayment, authoriseCheckout, verifyPayment } from "@/lib/checkout/payment-service";
import { announceOrder, capturePayment, findCheckout, recordOrder, recordTax, releaseOnFailure, verifyCartUnchanged } from "@/lib/checkout/finalize-service";
import { finalizeBalance, retryBalanceCapture } from "@/lib/checkout/balance-service";
import { CheckoutFailure } from "@/lib/checkout/failure";
import { assertOpen, checkoutLines, loadOrder, readContact, type Finalized } from "@/lib/checkout/record";

/**
 * Paying for one-of-a-kind pieces (docs/ARCHITECTURE.md, the money path): the server prices the cart,
 * records a checkout and an authorise-only payment intent; finalizeOrder then
 * claims every unique piece in one transaction, records the order, and only
 * then captures. A failed claim voids the authorisation: nobody is charged
 * for a piece they cannot get, and no piece is sold twice.
 *
 * This file is the path itself, as two short lists of named steps; each step lives beside it, by stage:
 *   pricing-service.ts   the cart, shipping, discount, tax and gift cards, priced by the server
 *   payment-service.ts   the authorise-only intent (or the all-gift-card payment) and its checks
 *   lock-service.ts      one checkout at a time per session or quote, across instances
 *   finalize-service.ts  the order recorded with its claims in one transaction, captured, announced
 *   balance-service.ts   a commission's balance link paid on the order it completes
 *   record.ts, failure.ts  the stored checkout as the steps read it, and why one cannot become an order
 */

/**
 * POST /api/create-payment-intent: one checkout and one authorise-only intent per shopper session.
 * The cart is priced by the server (the tax for the address added to what the card authorises); an
 * order the gift cards pay entirely has no card payment, only a checkout of its own.
 */
export async function preparePayment(data: CreatePaymentIntent) {
  const priced = await priceCheckout(data);
  const provider = getPaymentProvider();
  const snapshot = checkoutSnapshot(data, priced);
  if (priced.cardAmount === 0) return { ...(await prepareGiftCardPayment(data.sessionId, provider.name, snapshot)), ...priced.amounts };
  assertCardMinimum(priced.cardAmount, priced.giftCardAmount > 0 ? " Remove a gift card to pay more of the order by card." : "");
  return { ...(await authoriseCheckout({ sessionId: data.sessionId, quoteId: null }, snapshot, priced.cardAmount)), ...priced.amounts };
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
  const paidOrderId = checkout.orderId ?? checkout.balanceOrderId;
  if (checkout.status === "completed" && paidOrderId) {
    // A balance whose capture failed or whose answer was lost: the provider's word settles it (a webhook, or the browser again).
    if (checkout.balanceOrderId) await retryBalanceCapture(checkout.paymentIntentId!, checkout.balanceOrderId);
    // An order whose capture's outcome is unknown: the provider's word settles it (the webhook completes what the request could not).
    else if (checkout.orderId) await settleCapture(checkout.orderId, { announce: true });
    return { order: await loadOrder(prisma, paidOrderId), created: false };
  }
  assertOpen(checkout.status, checkout.failureReason);
  try {
    if (checkout.balanceOrderId) return await finalizeBalance(checkout);
    if (!checkoutLines(checkout).length) throw new CheckoutFailure("quote_refused", "This payment is for an order that no longer exists.");
    const intent = await verifyPayment(checkout);
    const contact = readContact(checkout);
    await verifyCartUnchanged(checkout);
    const result = await recordOrder(checkout, contact);
    if (!result.created) return result;
    result.order = await capturePayment(result.order, intent);
    await recordTax(result.order);
    await announceOrder(result.order, checkoutLines(checkout), result.stockTaken ?? [], result.giftCardsIssued ?? []);
    await sendCheckoutConfirmation(result.newsletterConfirm ?? null).catch((error) => log.error({ orderNumber: result.order.orderNumber, err: error }, "newsletter confirmation email failed"));
    return { order: result.order, created: true };
  } catch (error) {
    if (error instanceof CheckoutFailure) throw await releaseOnFailure(checkout, error);
    throw error;
  }
}

// The rest of the checkout's API, where routes, actions and webhooks have always found it.
export { priceCart, unavailableDetail, previewDiscount, priceTax, withLineTax, shippingOptions, cartShippingEstimate, type CartLineRef, type UnavailableLine } from "@/lib/checkout/pricing-service";
export { authoriseCheckout, assertMayFinalize, holdsClientSecret, updateCheckoutContact, markCheckoutClosed, CARD_MINIMUM_CENTS, CARD_PAYMENT_UNDER_WAY } from "@/lib/checkout/payment-service";
export type { CheckoutLine, CheckoutSnapshot } from "@/lib/checkout/record";
export type { CheckoutFailureCode } from "@/lib/checkout/failure";
