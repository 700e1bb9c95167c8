import "server-only";
import { orderStatement, statementText } from "@/lib/orders/statement";
import { namedItems } from "@/lib/orders/dto";
import { goodsLines } from "@/lib/gift-cards/rules";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { recordAudit } from "@/lib/audit/service";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { prisma, Prisma } from "@/lib/db";
import type { PaymentCapture } from "@/lib/generated/prisma/client";
import { orderDeliveredEmail, orderRefundEmail, orderShippedEmail } from "@/lib/email/templates";
import { AppError } from "@/lib/errors";
import { fromCents, decimalToCents } from "@/lib/money";
import type { OrderStatusUpdate } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { sendClaimedOrderEmail, type ClaimedEmail } from "@/lib/orders/email-service";
import { orderStatusUrl } from "@/lib/orders/links";
import { lockOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_TX_OPTIONS, orderWithItems } from "@/lib/orders/order-row";
import { reclaimDiscountUse, releaseDiscountUse } from "@/lib/discounts/service";
import { reacceptCommissionOfOrder, reopenCommissionOfOrder } from "@/lib/commissions/service";
import { reclaimOrderPieces, reclaimOrderStock, releaseOrderPieces, returnOrderStock } from "@/lib/orders/holdings";
import { awaitOrderRefunds, FULLY_REFUNDED_MESSAGE, NOTHING_LEFT_MESSAGE, orderIdOfPayment, refundOrder } from "@/lib/orders/refund-service";
import { trackingUrl } from "@/lib/orders/shipping";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";

/**
 * The orders service that owns what happens after the sale: status changes
 * and their emails (once per order and transition, even when a request is
 * retried), cancellations that may refund (lib/orders/refund-service.ts) and may put
 * one-of-a-kind pieces back on sale (lib/inventory/pieces.ts), re-opened orders
 * that claim their pieces again, and the provider's dispute webhook. Each step
 * appends to the order's timeline; admin steps also to the audit log.
 */
// ─── status changes ─────────────────────────────────────────────────────────

/**
 * Sets any status from any other (spec §4). Side effects run only on a real
 * transition (the status differs), so a retried request changes nothing:
 * "shipped" emails the shopper once per order (items, carrier, tracking link),
 * "delivered" sends a thank-you once. Cancelling with `refund: true` refunds
 * what is left to refund first (money moves only on that explicit flag);
 * `putBackOnSale: true` puts the pieces this order holds back on sale and
 * returns the units it took from in-stock products (lib/orders/holdings.ts);
 * moving a cancelled order to any other status claims both again first.
 */
export async function changeOrderStatus(id: number | string, change: OrderStatusUpdate) {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);

  let refundedNow: string | null = null;
  if (change.status === "cancelled" && change.refund) {
    const current = await prisma.order.findUnique({ where: { id: orderId }, select: { total: true, balanceDue: true, giftCardAmount: true, refundedAmount: true, status: true, capture: true } });
    if (!current) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
    assertPaymentSettled(current.capture, change.status);
    // What was paid: the total, less a commission's balance not paid yet; only its gift cards' part when the card's capture failed.
    const paid = current.capture === "captured" ? decimalToCents(current.total) - decimalToCents(current.balanceDue) : decimalToCents(current.giftCardAmount);
    if (decimalToCents(current.refundedAmount) < paid) {
      refundedNow = await refundForCancellation(orderId, change.reason ?? "Order cancelled", current.status !== "cancelled");
    }
  }

  const emails: ClaimedEmail[] = [];
  let changedSlugs: string[] = [];
  const order = await prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    const from = before.status;
    const to = change.status;
    const data: Prisma.OrderUpdateInput = { status: to };
    if (change.carrier && change.trackingNumber) Object.assign(data, { carrier: change.carrier, trackingNumber: change.trackingNumber });
    const trackingChanged = Boolean(change.trackingNumber && (change.trackingNumber !== before.trackingNumber || change.carrier !== before.carrier));
    if (from === to && !trackingChanged) return before;
    assertPaymentSettled(before.capture, to);
    // A cancelled order made live again must hold its one-of-a-kind pieces again (or is refused, naming who has one).
    if (from === "cancelled" && to !== "cancelled") {
      changedSlugs = [...(await reclaimOrderPieces(tx, before)), ...(await reclaimOrderStock(tx, before))];
      await reclaimDiscount(tx, before);
      await reacceptCommission(tx, before);
    }

    const after = await tx.order.update({ where: { id: orderId }, data, include: orderWithItems });
    if (from !== to || trackingChanged) {
      await appendOrderEvent(tx, orderId, "status_changed", {
        from,
        to,
        ...(change.carrier ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {}),
      });
      await recordAudit(
        {
          entityType: "order",
          entityId: orderId,
          action: "status",
          before: { status: from, carrier: before.carrier, trackingNumber: before.trackingNumber },
          after: { status: to, carrier: after.carrier, trackingNumber: after.trackingNumber },
        },
        tx,
      );
    }

    // What was shipped: the goods, never the gift cards (sent by email); an order of only gift cards ships nothing.
    const shipped = namedItems(goodsLines(after.items, after.giftCardsBought));
    if (to === "shipped" && shipped.length && (await appendOrderEvent(tx, orderId, "email_sent", { template: "shipped", to: after.email }, { onceKey: shippedEmailKey(after.trackingNumber) }))) {
      emails.push({
        template: "shipped",
        message: orderShippedEmail(
          { ...after, items: shipped, money: statementText(orderStatement(after)) },
          { carrier: after.carrier, trackingNumber: after.trackingNumber, trackingUrl: trackingUrl(after.carrier, after.trackingNumber), statusUrl: orderStatusUrl(after.orderNumber) },
        ),
      });
    }
    if (to === "delivered" && from !== to && (await appendOrderEvent(tx, orderId, "email_sent", { template: "delivered", to: after.email }, { onceKey: "email:delivered" }))) {
      emails.push({ template: "delivered", message: orderDeliveredEmail({ ...after, items: namedItems(after.items) }) });
    }
    if (to === "cancelled") {
      if (change.putBackOnSale && from !== to) changedSlugs = [...(await releaseOrderPieces(tx, after)), ...(await returnOrderStock(tx, orderId))];
      if (from !== to) await releaseDiscount(tx, orderId);
      if (from !== to) await reopenCommission(tx, orderId);
      if (from !== to && (await appendOrderEvent(tx, orderId, "email_sent", { template: "cancelled", to: after.email, refunded: refundedNow }, { onceKey: "email:cancelled" }))) {
        emails.push({
          template: "cancelled",
          message: orderRefundEmail(
            { ...after, items: namedItems(after.items), money: statementText(orderStatement(after)) },
            { amount: refundedNow, cancelled: true, reason: change.reason ?? null, lines: [] },
          ),
        });
      }
    }
    return after;
  }, ORDER_TX_OPTIONS);

  if (changedSlugs.length) await expireCatalog({ slugs: changedSlugs, gallery: true });
  for (const email of emails) await sendClaimedOrderEmail(order, email);
  return toOrderDTO(order);
}

/**
 * The refund of a cancellation (the cancellation email carries the amount; an order cancelled earlier gets the
 * refund email instead). What is left unrefunded being gift-card value its recipients spent, it goes on without
 * one; a full refund of the order in flight (another request) is waited for, and then either covered everything
 * or is tried again here. Returns the amount refunded now, or null.
 */
async function refundForCancellation(orderId: number, reason: string, cancelling: boolean): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await refundOrder(orderId, { reason }, { cancelling })).amount;
    } catch (error) {
      if (error instanceof AppError && error.message === NOTHING_LEFT_MESSAGE) return null;
      if (!(error instanceof AppError && error.message === FULLY_REFUNDED_MESSAGE)) throw error;
      // Refunded in full by the request it waited for: the cancellation goes on.
      if (attempt > 0) return null;
      if (!(await awaitOrderRefunds(orderId))) throw new AppError("conflict", ORDER_REFUND_PENDING_MESSAGE);
    }
  }
}

/** Statuses that send an order on its way: refused while its card payment is not taken (lib/checkout/capture-service.ts). */
const MOVING_ON: ReadonlyArray<OrderStatusUpdate["status"]> = ["confirmed", "processing", "shipped", "delivered"];

/**
 * An order whose capture failed may only wait (pending) or be cancelled; one whose capture's outcome is
 * not known yet may not move at all until the provider has answered (at once, by webhook, or hourly).
 */
/**
 * The shipped email is sent once per tracking number: marking an order shipped again with the same one (a PATCH
 * sent twice) sends nothing, while a new parcel (a label bought after the first was voided, tracking added to an
 * order shipped without it) tells the shopper the link that works.
 */
const shippedEmailKey = (trackingNumber: string | null) => (trackingNumber ? `email:shipped:${trackingNumber}` : "email:shipped");

function assertPaymentSettled(capture: PaymentCapture, to: OrderStatusUpdate["status"]) {
  if (capture === "failed" && MOVING_ON.includes(to)) {
    throw new AppError(
      "conflict",
      "The payment for this order could not be taken and its authorisation was released: it cannot be confirmed, processed or shipped. Cancel it, or ask the shopper to order again.",
    );
  }
  if (capture === "unknown" && to !== "pending") {
    throw new AppError("conflict", "The payment provider has not confirmed this order's payment yet; it is checked again within the hour. Its status can change once the payment is settled.");
  }
}

const ORDER_REFUND_PENDING_MESSAGE = "A refund of this order is still on its way to the payment provider. Try the cancellation again once it is done.";

/** Cancelling returns the order's discount code use, recorded on its timeline. */
async function releaseDiscount(tx: Prisma.TransactionClient, orderId: number) {
  const code = await releaseDiscountUse(tx, orderId);
  if (code) await appendOrderEvent(tx, orderId, "discount_released", { code });
}

/** Re-opening takes the use back under the code's limit, or is refused (lib/discounts/service.ts). */
async function reclaimDiscount(tx: Prisma.TransactionClient, order: { id: number; orderNumber: string }) {
  const code = await reclaimDiscountUse(tx, order);
  if (code) await appendOrderEvent(tx, order.id, "discount_reclaimed", { code });
}

/** Cancelling a commission's order reopens the commission for a new quote (lib/commissions/service.ts), on the timeline. */
async function reopenCommission(tx: Prisma.TransactionClient, orderId: number) {
  const reference = await reopenCommissionOfOrder(tx, orderId);
  if (reference) await appendOrderEvent(tx, orderId, "commission_reopened", { reference });
}

/** Re-opening the order accepts its commission again, or is refused when the maker quoted it anew meanwhile. */
async function reacceptCommission(tx: Prisma.TransactionClient, order: { id: number; orderNumber: string }) {
  const reference = await reacceptCommissionOfOrder(tx, order.id, order.orderNumber);
  if (reference) await appendOrderEvent(tx, order.id, "commission_accepted", { reference });
}

// ─── disputes ───────────────────────────────────────────────────────────────

/** charge.dispute.created: the shopper's bank opened a dispute; the order is flagged for the dashboard. */
export async function recordDispute(paymentIntentId: string, detail: { amount: number; reason: string | null; disputeId: string }, actor: OrderEventActor = "webhook") {
  await prisma.$transaction(async (tx) => {
    const orderId = await orderIdOfPayment(tx, paymentIntentId);
    const order = orderId ? { id: orderId } : null;
    if (!order) return;
    await tx.order.update({ where: { id: order.id }, data: { disputed: true } });
    await appendOrderEvent(tx, order.id, "dispute_opened", { amount: fromCents(detail.amount), reason: detail.reason, disputeId: detail.disputeId }, { actor, onceKey: `dispute:${detail.disputeId}` });
  }, ORDER_TX_OPTIONS);
}
