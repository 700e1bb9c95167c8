import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { fromCents, decimalToCents } from "@/lib/money";
import { disableOrderGiftCards, enableOrderGiftCards } from "@/lib/gift-cards/service";
import { sendGiftCardEmails, type IssuedGiftCard } from "@/lib/orders/email-service";
import { lockOrder, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { recordTaxTransaction } from "@/lib/orders/tax-service";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";
import { getPaymentProvider } from "@/lib/payments/provider";
import type { PaymentIntentInfo } from "@/lib/payments/types";

/**
 * An order's first card payment ends in a known state, `Order.capture`:
 *  - captured: the provider took the card's part (the timeline's "paid" names that amount, never the
 *    order total, which includes gift cards and a deposit's balance);
 *  - unknown: the capture's reply was lost or the provider could not be asked; the order is pending,
 *    the gift cards it bought pay nothing, and the provider is asked again at once, by the
 *    `payment_intent.succeeded` webhook and by the hourly upkeep (reconcileUnsettledCaptures);
 *  - failed: the provider refused the capture (or the authorisation is gone); the authorisation is
 *    released, the order stays pending, cannot move on to be shipped (lib/orders/service.ts) and is on
 *    the dashboard for the maker to cancel.
 */

/** An order recorded but not captured yet is left alone by the upkeep this long (its own request is still capturing). */
export const CAPTURE_SETTLE_MS = 5 * 60_000;

/** The provider answered the capture with a refusal (a 4xx other than a conflict or a rate limit): retrying the same way will not take it. */
function refusedByProvider(error: unknown): boolean {
  if (isAppError(error)) return true; // the test provider's refusals
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The capture step of finalizeOrder: takes the authorised card payment. When the capture does not answer
 * "taken", the order waits as pending (its bought gift cards disabled) and the provider is asked at once
 * what happened. Returns the order as it now is.
 */
export async function captureOrderPayment(order: OrderWithItems, intent: PaymentIntentInfo): Promise<OrderWithItems> {
  if (intent.status === "succeeded") return (await markCaptured(order.id, intent, "system")).order;
  try {
    const captured = await getPaymentProvider().captureIntent(intent.id, `capture-${intent.id}`);
    return (await markCaptured(order.id, captured, "system")).order;
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, err: error }, "capture failed");
    await markUnknown(order.id, messageOf(error));
    return (await settleCapture(order.id, { refusal: refusedByProvider(error) ? messageOf(error) : undefined, actor: "system" })).order;
  }
}

/**
 * Asks the provider what became of an order's capture whose outcome is unknown and follows it: taken →
 * captured (the order confirmed, its gift cards enabled); refused (`refusal`: the provider's words) or the authorisation gone → failed
 * (the authorisation released); still authorised → captured now when `retry` (the upkeep, the webhook),
 * else left for them. `announce` emails the bought gift cards' codes once taken (the request's own
 * announcement does it otherwise).
 */
export async function settleCapture(
  orderId: number,
  opts: { refusal?: string; retry?: boolean; announce?: boolean; actor?: OrderEventActor } = {},
): Promise<{ order: OrderWithItems; outcome: "captured" | "unknown" | "failed" }> {
  const actor = opts.actor ?? "system";
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: orderWithItems });
  if (order.capture !== "unknown" || !order.stripePaymentIntentId) return { order, outcome: order.capture };
  // Paid entirely by gift cards (lib/checkout/service.ts `pi_giftcard_…`): no card payment to ask about.
  if (order.stripePaymentIntentId.startsWith("pi_giftcard_")) {
    const paid = await markCaptured(orderId, { id: order.stripePaymentIntentId, clientSecret: null, amount: 0, currency: "usd", status: "succeeded", metadata: {}, lastError: null }, actor);
    if (paid.changed && opts.announce) await announceLateCapture(paid.order);
    return { order: paid.order, outcome: "captured" };
  }
  const provider = getPaymentProvider();
  let intent: PaymentIntentInfo;
  try {
    intent = await provider.retrieveIntent(order.stripePaymentIntentId);
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, err: error }, "could not ask the provider about a capture; the upkeep asks again");
    return { order, outcome: "unknown" };
  }
  let refusal = opts.refusal;
  if (intent.status === "requires_capture" && opts.retry) {
    try {
      intent = await provider.captureIntent(intent.id, `capture-${intent.id}-${Date.now()}`);
    } catch (error) {
      log.error({ orderNumber: order.orderNumber, err: error }, "capture failed again");
      if (!refusedByProvider(error)) return { order, outcome: "unknown" };
      refusal = messageOf(error);
    }
  }
  if (intent.status === "succeeded") {
    const { order: after, changed } = await markCaptured(orderId, intent, actor);
    if (changed && opts.announce) await announceLateCapture(after);
    return { order: after, outcome: "captured" };
  }
  if (intent.status === "canceled" || (intent.status === "requires_capture" && refusal !== undefined)) {
    return { order: await markFailed(orderId, intent, refusal ?? intent.lastError, actor), outcome: "failed" };
  }
  return { order, outcome: "unknown" };
}

/** A provider event about an intent (payment_intent.canceled): the order it paid, if its capture is unknown, follows the provider's word. */
export async function settleCaptureOfIntent(paymentIntentId: string) {
  const order = await prisma.order.findFirst({ where: { stripePaymentIntentId: paymentIntentId, capture: "unknown" }, select: { id: true } });
  if (order) await settleCapture(order.id, { announce: true, actor: "webhook" });
}

/**
 * The hourly upkeep: every order whose capture is unknown (and not being captured by its own request
 * right now) is settled with the provider, captured again while the authorisation stands.
 */
export async function reconcileUnsettledCaptures(now = new Date()): Promise<{ captured: number; failed: number; unknown: number }> {
  const provider = getPaymentProvider();
  const orders = await prisma.order.findMany({
    where: { capture: "unknown", paymentProvider: provider.name, updatedAt: { lt: new Date(now.getTime() - CAPTURE_SETTLE_MS) } },
    select: { id: true, orderNumber: true },
    orderBy: { id: "asc" },
    take: 50,
  });
  const outcome = { captured: 0, failed: 0, unknown: 0 };
  for (const order of orders) {
    try {
      outcome[(await settleCapture(order.id, { retry: true, announce: true })).outcome]++;
    } catch (error) {
      outcome.unknown++;
      log.error({ orderNumber: order.orderNumber, err: error }, "could not reconcile an order's capture");
    }
  }
  if (orders.length) log.info(outcome, "captures reconciled with the provider");
  return outcome;
}

/** The payment is taken: once, the order is captured (a pending one confirmed), its gift cards pay again, and the timeline names the card's part. */
async function markCaptured(orderId: number, intent: PaymentIntentInfo, actor: OrderEventActor): Promise<{ order: OrderWithItems; changed: boolean }> {
  const provider = getPaymentProvider();
  return prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (before.capture === "captured") return { order: before, changed: false };
    const after = await tx.order.update({ where: { id: orderId }, data: { capture: "captured", ...(before.status === "pending" ? { status: "confirmed" } : {}) }, include: orderWithItems });
    const enabled = await enableOrderGiftCards(tx, orderId);
    if (enabled) await appendOrderEvent(tx, orderId, "gift_cards_enabled", { count: enabled }, { actor });
    // What the provider took: the card's part (a deposit's balance is paid later by its own link).
    const balanceDue = decimalToCents(after.balanceDue);
    const giftCards = decimalToCents(after.giftCardAmount);
    await appendOrderEvent(
      tx,
      orderId,
      "paid",
      {
        amount: fromCents(intent.amount),
        provider: provider.name,
        ...(giftCards ? { giftCards: after.giftCardAmount.toFixed(2) } : {}),
        ...(balanceDue ? { balanceDue: after.balanceDue.toFixed(2) } : {}),
        ...(before.status === "pending" ? { reconciled: true } : {}),
      },
      { actor },
    );
    return { order: after, changed: true };
  }, ORDER_TX_OPTIONS);
}

/** The capture did not answer "taken": the order waits as pending, and what it bought pays nothing meanwhile. */
async function markUnknown(orderId: number, reason: string) {
  await prisma.$transaction(async (tx) => {
    // Settled meanwhile (a webhook that read the provider's word) is settled.
    const { count } = await tx.order.updateMany({ where: { id: orderId, capture: "unknown" }, data: { status: "pending" } });
    if (!count) return;
    await appendOrderEvent(tx, orderId, "payment_pending", { reason: "capture failed", message: reason }, { actor: "system" });
    // Gift cards it bought pay nothing until their payment is taken (their codes are not sent).
    const disabled = await disableOrderGiftCards(tx, orderId);
    if (disabled) await appendOrderEvent(tx, orderId, "gift_cards_disabled", { count: disabled, reason: "payment not captured" }, { actor: "system" });
  }, ORDER_TX_OPTIONS);
}

/** The capture failed for good: the authorisation is released (nobody is charged later for it) and the order says so. */
async function markFailed(orderId: number, intent: PaymentIntentInfo, message: string | null, actor: OrderEventActor): Promise<OrderWithItems> {
  const provider = getPaymentProvider();
  let released = intent.status === "canceled";
  if (!released) {
    try {
      released = (await provider.cancelIntent(intent.id, `cancel-${intent.id}`)).status === "canceled";
    } catch (error) {
      log.error({ paymentIntentId: intent.id, err: error }, "could not release the authorisation of a failed capture");
    }
  }
  return prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (before.capture !== "unknown") return before;
    const after = await tx.order.update({ where: { id: orderId }, data: { capture: "failed" }, include: orderWithItems });
    await appendOrderEvent(tx, orderId, "payment_failed", { amount: fromCents(intent.amount), released, message }, { actor });
    return after;
  }, ORDER_TX_OPTIONS);
}

/** A capture settled after the request: the gift cards' codes go to their recipients, the sale on record for tax. */
async function announceLateCapture(order: OrderWithItems) {
  const cards = await prisma.giftCard.findMany({
    where: { orderId: order.id, refundId: null, active: true },
    select: { code: true, initialAmount: true, recipientEmail: true },
    orderBy: { id: "asc" },
  });
  const issued: IssuedGiftCard[] = cards.map((c) => ({ code: c.code, amount: c.initialAmount.toFixed(2), recipientEmail: c.recipientEmail ?? order.email }));
  if (issued.length) await sendGiftCardEmails(order, issued).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "gift card emails failed"));
  if (order.taxCalculationId && !order.taxTransactionId) await recordTaxTransaction(order);
}
