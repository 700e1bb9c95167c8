import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import { fromCents } from "@/lib/money";
import { lockOrder, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { getPaymentProvider } from "@/lib/payments/provider";
import type { PaymentIntentInfo } from "@/lib/payments/types";
import { announceBalancePaid, claimBalanceQuote } from "@/lib/commissions/service";
import { orderStatusUrl } from "@/lib/orders/links";
import { verifyPayment } from "@/lib/checkout/payment-service";
import { CheckoutFailure } from "@/lib/checkout/failure";
import { assertOpen, cardAmountOf, loadOrder, type Checkout, type Finalized } from "@/lib/checkout/record";

/**
 * A commission's balance link paid (the quote's checkout names the order it completes, `balanceOrderId`):
 * recorded on that order as a payment of its own, never a new order.
 */

/**
 * A balance link's payment, as named steps: the provider authorised exactly the balance,
 * the payment is recorded on the order (the balance quote claimed once, the order's balance due
 * cleared), then captured, then the shopper and the maker are told. Never a new order.
 */
export async function finalizeBalance(checkout: Checkout): Promise<Finalized> {
  const intent = await verifyPayment(checkout);
  const result = await recordBalance(checkout);
  if (!result.created) return result;
  if (await captureBalance(result.order, intent)) await announceBalancePaid(checkout.quoteId!, result.order, intent.amount, orderStatusUrl(result.order.orderNumber));
  return result;
}

/** A recorded balance not marked captured: captured now if the provider still holds the authorisation, marked if it took it. */
export async function retryBalanceCapture(paymentIntentId: string, orderId: number) {
  const payment = await prisma.orderPayment.findUnique({ where: { paymentIntentId }, select: { captured: true, quoteId: true } });
  if (!payment || payment.captured) return;
  const intent = await getPaymentProvider().retrieveIntent(paymentIntentId);
  if (intent.status !== "requires_capture" && intent.status !== "succeeded") return;
  const order = await loadOrder(prisma, orderId);
  if (await captureBalance(order, intent)) await announceBalancePaid(payment.quoteId, order, intent.amount, orderStatusUrl(order.orderNumber));
}

/** One transaction: the checkout and the order locked, the balance quote claimed, the payment on record, the balance cleared. */
async function recordBalance(checkout: Checkout): Promise<Finalized> {
  const orderId = checkout.balanceOrderId!;
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: string }>>`SELECT "status"::text AS status FROM "Checkout" WHERE "id" = ${checkout.id} FOR UPDATE`;
    if (locked?.status === "completed") return { order: await loadOrder(tx, orderId), created: false };
    assertOpen(locked?.status);
    const order = await lockOrder(tx, orderId);
    const refusal = await claimBalanceQuote(tx, checkout.quoteId!, order, cardAmountOf(checkout));
    if (refusal) throw new CheckoutFailure("quote_refused", refusal);
    await tx.orderPayment.create({ data: { orderId, paymentIntentId: checkout.paymentIntentId!, provider: checkout.provider, amount: checkout.total, quoteId: checkout.quoteId! } });
    const after = await tx.order.update({ where: { id: orderId }, data: { balanceDue: 0 }, include: orderWithItems });
    await appendOrderEvent(tx, orderId, "balance_recorded", { amount: checkout.total.toFixed(2), paymentIntentId: checkout.paymentIntentId }, { actor: "system" });
    await tx.checkout.update({ where: { id: checkout.id }, data: { status: "completed", failureReason: null } });
    return { order: after, created: true };
  }, ORDER_TX_OPTIONS);
}

/**
 * Takes the balance. A failed capture leaves the authorisation standing and the payment marked not
 * captured (the order's payments say so, and the timeline): it is never refunded as if taken.
 */
async function captureBalance(order: OrderWithItems, intent: PaymentIntentInfo): Promise<boolean> {
  const provider = getPaymentProvider();
  try {
    if (intent.status !== "succeeded") await provider.captureIntent(intent.id, `capture-${intent.id}`);
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, paymentIntentId: intent.id, err: error }, "balance capture failed");
    await appendOrderEvent(prisma, order.id, "payment_pending", { reason: "balance capture failed", paymentIntentId: intent.id }, { actor: "system" });
    return false;
  }
  // Once: a retried capture (lib: retryBalanceCapture) or a refund webhook may have marked it meanwhile.
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.orderPayment.updateMany({ where: { paymentIntentId: intent.id, captured: false }, data: { captured: true } });
    if (count) await appendOrderEvent(tx, order.id, "paid", { amount: fromCents(intent.amount), provider: provider.name, balance: true }, { actor: "system" });
    return count === 1;
  }, ORDER_TX_OPTIONS);
}
