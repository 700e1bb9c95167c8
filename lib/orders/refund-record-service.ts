import "server-only";
import { lineName } from "@/lib/catalog/variants";
import { orderStatement, statementText } from "@/lib/orders/statement";
import { namedItems } from "@/lib/orders/dto";
import { recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { orderRefundEmail } from "@/lib/email/templates";
import { log } from "@/lib/log";
import { fromCents, decimalToCents } from "@/lib/money";
import { sendClaimedOrderEmail, type ClaimedEmail } from "@/lib/orders/email-service";
import { lockOrder, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems, type Tx } from "@/lib/orders/order-row";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";
import { refundToGiftCards } from "@/lib/gift-cards/service";
import { reverseTaxForRefund } from "@/lib/orders/tax-service";
import { markCommissionOfOrderRefunded } from "@/lib/commissions/service";
import type { RefundRow } from "@/lib/orders/refund-row";
import { cardPaid, providerPart, type CardPayment } from "@/lib/orders/refund-amounts";

/**
 * A refund on record: the order's card payments and what was refunded to each, a refund settled
 * (its lines, the order's refunded amount, the gift cards credited, the timeline, the audit log and
 * the shopper's email), and a deposit order refunded in full closed.
 */

/**
 * The order's card payments that took money, oldest first, with what each took and what refunds (pending
 * or done) returned to it. The first took the card's part less every later payment; a refund row from before
 * payments were named (paymentIntentId null) returned money to the first.
 */
export async function cardPayments(
  tx: Tx,
  order: OrderWithItems,
  open: ReadonlyArray<{ amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal; paymentIntentId: string | null }>,
): Promise<CardPayment[]> {
  const later = await tx.orderPayment.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" }, select: { paymentIntentId: true, amount: true, captured: true } });
  const refundedTo = (intent: string, first: boolean) => open.filter((r) => r.paymentIntentId === intent || (first && r.paymentIntentId === null)).reduce((sum, r) => sum + providerPart(r), 0);
  // Every later payment's amount is not the first's, captured or not (a failed capture took nothing, and is not listed).
  const firstAmount = Math.max(0, cardPaid(order) - later.reduce((sum, p) => sum + decimalToCents(p.amount), 0));
  const first = order.stripePaymentIntentId ? [{ paymentIntentId: order.stripePaymentIntentId, amount: firstAmount, refunded: refundedTo(order.stripePaymentIntentId, true) }] : [];
  return [...first, ...later.filter((p) => p.captured).map((p) => ({ paymentIntentId: p.paymentIntentId, amount: decimalToCents(p.amount), refunded: refundedTo(p.paymentIntentId, false) }))];
}

/**
 * The provider refunded: the row becomes succeeded (once — a row already
 * settled by another path is returned as it is; a row dropped meanwhile is
 * written again, since the money moved), the lines and the order's refunded
 * amount follow, and the timeline, audit log and shopper's email record it.
 */
export async function settleRefund(row: RefundRow, providerRefundId: string, opts: { notify: boolean; reconciled?: boolean }) {
  let email: ClaimedEmail | null = null;
  const result = await prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, row.orderId);
    const saved = await markSucceeded(tx, row, providerRefundId);
    if (!saved.settledNow) return { order: before, saved: saved.row };
    const lineIds = (saved.row.lineIds as number[]) ?? [];
    if (lineIds.length) await tx.orderItem.updateMany({ where: { orderId: row.orderId, id: { in: lineIds } }, data: { refunded: true } });
    if (!saved.row.giftCardAmount.isZero()) await refundToGiftCards(tx, row.orderId, decimalToCents(saved.row.giftCardAmount));
    await syncRefundedAmount(tx, row.orderId);
    // A cancellation with refund cancels the order itself (lib/orders/service.ts).
    if (opts.notify) await closeRefundedDeposit(tx, row.orderId, "admin");
    const after = await tx.order.findUniqueOrThrow({ where: { id: row.orderId }, include: orderWithItems });
    const lines = before.items.filter((i) => lineIds.includes(i.id)).map((i) => `${i.quantity} × ${lineName(i.productName, i.variantLabel)}`);
    const amount = saved.row.amount.toFixed(2);
    if (opts.reconciled) await appendOrderEvent(tx, row.orderId, "refund_reconciled", { amount, outcome: "succeeded", refundId: providerRefundId }, { actor: "system" });
    // The internal note is the maker's: on the timeline and in the audit log, never in the shopper's email.
    const note = saved.row.internalNote ? { internalNote: saved.row.internalNote } : {};
    // Where it went, as the statement counts it: the card (what the provider refunded) and the gift cards.
    const split = saved.row.giftCardAmount.isZero()
      ? {}
      : { toCard: fromCents(decimalToCents(saved.row.amount) - decimalToCents(saved.row.giftCardAmount)), toGiftCard: saved.row.giftCardAmount.toFixed(2) };
    await appendOrderEvent(tx, row.orderId, "refunded", { amount, ...split, reason: saved.row.reason, ...note, lines, provider: saved.row.provider, refundId: providerRefundId });
    await recordAudit(
      {
        entityType: "order",
        entityId: row.orderId,
        action: "refund",
        before: { refundedAmount: before.refundedAmount.toFixed(2) },
        after: { refundedAmount: after.refundedAmount.toFixed(2), reason: saved.row.reason, ...note },
      },
      tx,
    );
    if (opts.notify && (await appendOrderEvent(tx, row.orderId, "email_sent", { template: "refund", to: after.email, amount }, { onceKey: `email:refund:${saved.row.id}` }))) {
      email = {
        template: "refund",
        message: orderRefundEmail({ ...after, items: namedItems(after.items), money: statementText(orderStatement(after)) }, { amount, cancelled: false, reason: saved.row.reason, lines }),
      };
    }
    return { order: after, saved: saved.row };
  }, ORDER_TX_OPTIONS);
  const claimed = email as ClaimedEmail | null;
  if (claimed) await sendClaimedOrderEmail(result.order, claimed);
  // Stripe Tax: the refunded part of the sale comes off the tax record too (lib/orders/tax-service.ts).
  await reverseTaxForRefund(result.saved.id);
  return result;
}

async function markSucceeded(tx: Tx, row: RefundRow, providerRefundId: string): Promise<{ row: RefundRow; settledNow: boolean }> {
  const { count } = await tx.refund.updateMany({ where: { id: row.id, status: "pending" }, data: { status: "succeeded", providerRefundId } });
  if (count) return { row: await tx.refund.findUniqueOrThrow({ where: { id: row.id } }), settledNow: true };
  const current = await tx.refund.findUnique({ where: { idempotencyKey: row.idempotencyKey } });
  if (current?.status === "succeeded") return { row: current, settledNow: false };
  if (current) return { row: await tx.refund.update({ where: { id: current.id }, data: { status: "succeeded", providerRefundId } }), settledNow: true };
  const rewritten = await tx.refund.create({
    data: {
      orderId: row.orderId,
      amount: row.amount,
      reason: row.reason,
      internalNote: row.internalNote,
      lineIds: row.lineIds as Prisma.InputJsonValue,
      provider: row.provider,
      paymentIntentId: row.paymentIntentId,
      idempotencyKey: row.idempotencyKey,
      fingerprint: row.fingerprint,
      adminUserId: row.adminUserId,
      status: "succeeded",
      providerRefundId,
    },
  });
  log.warn({ orderId: row.orderId, refundKey: row.idempotencyKey }, "a refund dropped as never sent went through at the provider; recorded again");
  return { row: rewritten, settledNow: true };
}

/**
 * A commission's deposit order (a balance still due) whose payment came back in full: the sale is off.
 * The order is cancelled, its balance never asked for (its links withdrawn), and its commission moved
 * to refunded — on the timeline and in the audit log.
 */
export async function closeRefundedDeposit(tx: Tx, orderId: number, actor: OrderEventActor) {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, total: true, balanceDue: true, refundedAmount: true } });
  if (order.balanceDue.isZero() || order.status === "cancelled") return;
  if (decimalToCents(order.refundedAmount) < decimalToCents(order.total) - decimalToCents(order.balanceDue)) return;
  await tx.order.update({ where: { id: orderId }, data: { status: "cancelled" } });
  await appendOrderEvent(tx, orderId, "status_changed", { from: order.status, to: "cancelled", reason: "deposit refunded in full" }, { actor: actor === "admin" ? undefined : actor });
  await recordAudit({ entityType: "order", entityId: orderId, action: "status", before: { status: order.status }, after: { status: "cancelled", reason: "deposit refunded in full" } }, tx);
  const reference = await markCommissionOfOrderRefunded(tx, orderId);
  if (reference) await appendOrderEvent(tx, orderId, "commission_refunded", { reference }, { actor: actor === "admin" ? undefined : actor });
}

/** The order's refunded amount = the sum of its succeeded refunds (at most the total). */
export async function syncRefundedAmount(tx: Tx, orderId: number): Promise<string> {
  const [order, sum] = await Promise.all([
    tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { total: true } }),
    tx.refund.aggregate({ _sum: { amount: true }, where: { orderId, status: "succeeded" } }),
  ]);
  const amount = fromCents(Math.min(decimalToCents(sum._sum.amount ?? new Prisma.Decimal(0)), decimalToCents(order.total)));
  await tx.order.update({ where: { id: orderId }, data: { refundedAmount: amount } });
  return amount;
}
