import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { fromCents, decimalToCents } from "@/lib/money";
import { lockOrder, ORDER_TX_OPTIONS, type OrderWithItems, type Tx } from "@/lib/orders/order-row";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";
import { boughtCardsRefund } from "@/lib/gift-cards/rules";
import { debitBoughtCards, lockBoughtCards, restoreVoidedCards } from "@/lib/gift-cards/service";
import { reverseTaxForRefund } from "@/lib/orders/tax-service";
import { getPaymentProvider } from "@/lib/payments/provider";
import type { RefundInfo } from "@/lib/payments/types";
import { STALE_REFUND_MS, type RefundRow, type Payment } from "@/lib/orders/refund-row";
import { providerPart } from "@/lib/orders/refund-amounts";
import { cardPayments, settleRefund, syncRefundedAmount, closeRefundedDeposit } from "@/lib/orders/refund-record-service";

/**
 * Refunds and the payment provider: the call that moves the money (and what a failed call means),
 * pending rows reconciled with the provider, and refunds the provider reports (charge.refunded).
 */

/**
 * Calls the provider with the row's key. When the call fails, the provider is
 * asked whether the refund exists after all (a lost reply); only a refund it
 * does not have drops the row. When even that cannot be asked, the row stays
 * pending and is checked again later (reconcileStaleRefunds).
 */
export async function refundAtProvider(payment: Payment, row: RefundRow): Promise<RefundInfo> {
  const provider = getPaymentProvider();
  const paymentIntentId = row.paymentIntentId ?? payment.paymentIntentId;
  const where = { paymentIntentId, idempotencyKey: row.idempotencyKey };
  // Returned to gift cards only: nothing for the provider to do (the cards are credited as the refund settles).
  if (providerPart(row) === 0) return { id: `gift-card-${row.idempotencyKey}`, paymentIntentId, amount: 0, status: "succeeded" };
  let refusal: string;
  try {
    const result = await provider.refund({ ...where, amount: providerPart(row), reason: row.reason });
    if (result.status !== "failed") return result;
    refusal = "The payment provider could not refund this payment.";
  } catch (error) {
    log.warn({ orderId: payment.orderId, refundId: row.id, err: error }, "refund call failed; asking the provider whether it went through");
    const found = await provider.findRefund(where).catch((lookup: unknown) => {
      log.error({ orderId: payment.orderId, refundId: row.id, err: lookup }, "could not ask the provider about a refund; it stays pending until it can");
      return undefined;
    });
    if (found === undefined)
      throw new AppError("conflict", "The payment provider did not answer. The refund is recorded as pending and will be checked with the provider within minutes; do not refund again.");
    if (found && found.status !== "failed") return found;
    refusal = `The payment provider refused the refund: ${error instanceof Error ? error.message : String(error)}`;
  }
  await dropPendingRefund(row, "refused", paymentIntentId);
  throw new AppError("conflict", refusal);
}

/**
 * Deletes a pending row that moved no money (only this one, only while pending); recorded on the
 * timeline when reconciled. While the row stood, the provider's refund webhooks counted it as the
 * shop's own: a refund made meanwhile at the provider (its dashboard) was absorbed by it, and no
 * later event will bring it back. So the provider's total is read again and anything beyond the
 * shop's rows is recorded, as charge.refunded would have (recordProviderRefund).
 */
async function dropPendingRefund(row: RefundRow, outcome: "refused" | "never_sent", paymentIntentId: string) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.refund.deleteMany({ where: { id: row.id, status: "pending" } });
    const restored = count ? await restoreVoidedCards(tx, row.id) : [];
    if (restored.length) await appendOrderEvent(tx, row.orderId, "gift_cards_restored", { codes: restored, refundKey: row.idempotencyKey }, { actor: "system" });
    if (count && outcome === "never_sent") {
      await appendOrderEvent(tx, row.orderId, "refund_reconciled", { amount: row.amount.toFixed(2), outcome: "dropped", refundKey: row.idempotencyKey }, { actor: "system" });
    }
  }, ORDER_TX_OPTIONS);
  try {
    await recordProviderRefund(paymentIntentId, await getPaymentProvider().refundedTotal(paymentIntentId), "system");
  } catch (error) {
    log.error({ orderId: row.orderId, err: error }, "could not compare the provider's refunded total after dropping a refund; the next charge.refunded will");
  }
}

/**
 * Pending refunds older than STALE_REFUND_MS (their request died between the
 * provider call and the record): each is looked up at the provider by its key
 * and settled when the provider has it, dropped when it does not. Runs before
 * every refund of the order and hourly with the pruning (all orders).
 */
export async function reconcileStaleRefunds(opts: { orderId?: number; now?: Date } = {}): Promise<{ settled: number; dropped: number; unresolved: number }> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - STALE_REFUND_MS);
  const provider = getPaymentProvider();
  const stale = await prisma.refund.findMany({
    // Only the provider this shop runs now can be asked; a row of the other stays for when it runs again.
    where: { status: "pending", provider: provider.name, createdAt: { lt: cutoff }, order: { stripePaymentIntentId: { not: null } }, ...(opts.orderId ? { orderId: opts.orderId } : {}) },
    include: { order: { select: { stripePaymentIntentId: true } } },
    orderBy: { id: "asc" },
    take: 100,
  });
  const outcome = { settled: 0, dropped: 0, unresolved: 0 };
  for (const { order, ...row } of stale) {
    const paymentIntentId = row.paymentIntentId ?? order.stripePaymentIntentId!;
    try {
      const found = await provider.findRefund({ paymentIntentId, idempotencyKey: row.idempotencyKey });
      if (found && found.status !== "failed") {
        await settleRefund(row, found.id, { notify: true, reconciled: true });
        outcome.settled++;
      } else if (row.fingerprint === null) {
        // Made before refunds carried their key to the provider (findRefund cannot see them): left for a person to check.
        log.warn({ orderId: row.orderId, refundId: row.id }, "a refund pending since before this version cannot be looked up by its key: check it in the provider's dashboard");
        outcome.unresolved++;
      } else {
        await dropPendingRefund(row, "never_sent", paymentIntentId);
        outcome.dropped++;
      }
    } catch (error) {
      // The provider cannot be asked now (or the row cannot be settled): the next run tries again; the others go on.
      log.error({ orderId: row.orderId, refundId: row.id, err: error }, "could not reconcile a pending refund with the provider");
      outcome.unresolved++;
    }
  }
  if (outcome.settled || outcome.dropped || outcome.unresolved) log.info({ ...outcome, orderId: opts.orderId }, "stale pending refunds reconciled with the provider");
  return outcome;
}

/**
 * charge.refunded: the provider's running total of money returned. Refunds we
 * made are already rows (pending or succeeded) of the Refund table; anything
 * beyond them was refunded at the provider (e.g. in Stripe's dashboard) and
 * is recorded as one more refund row. The order's refunded amount is always
 * the sum of its succeeded refunds, so a webhook for our own refund — before
 * or after we recorded it — is never counted twice.
 */
export async function recordProviderRefund(paymentIntentId: string, amountRefundedCents: number, actor: OrderEventActor = "webhook") {
  const recorded = await prisma.$transaction(async (tx) => {
    const orderId = await orderIdOfPayment(tx, paymentIntentId);
    if (!orderId) return;
    const current = await lockOrder(tx, orderId);
    const order = { id: orderId };
    // A refund at the provider proves a later payment was captured, even if the shop missed the capture's answer.
    const marked = await tx.orderPayment.updateMany({ where: { paymentIntentId, captured: false }, data: { captured: true } });
    if (marked.count) await appendOrderEvent(tx, orderId, "paid", { amount: null, provider: current.paymentProvider, balance: true, source: "refund webhook" }, { actor });
    // The provider's total covers this card payment only: our refunds' provider parts to it, at most what it took.
    const ours = await tx.refund.aggregate({ _sum: { amount: true, giftCardAmount: true }, where: { orderId: order.id, status: { in: ["pending", "succeeded"] } } });
    const open = await tx.refund.findMany({ where: { orderId: order.id, status: { in: ["pending", "succeeded"] } }, select: { amount: true, giftCardAmount: true, paymentIntentId: true } });
    const payment = (await cardPayments(tx, current, open)).find((p) => p.paymentIntentId === paymentIntentId);
    if (!payment) return;
    const external = Math.min(amountRefundedCents, payment.amount) - payment.refunded;
    if (external <= 0) return;
    const refund = await tx.refund.create({
      data: {
        orderId: order.id,
        amount: fromCents(external),
        reason: "Refunded at the payment provider",
        lineIds: [],
        provider: current.paymentProvider,
        paymentIntentId,
        status: "succeeded",
        idempotencyKey: `provider-${paymentIntentId}-${amountRefundedCents}`,
      },
    });
    const after = await syncRefundedAmount(tx, order.id);
    await appendOrderEvent(tx, order.id, "refunded", { amount: fromCents(external), totalRefunded: after, source: "provider" }, { actor });
    await takeRefundedCardValue(tx, current, ours, external, actor);
    await closeRefundedDeposit(tx, order.id, actor);
    return refund;
  }, ORDER_TX_OPTIONS);
  if (recorded) await reverseTaxForRefund(recorded.id);
}

/**
 * A refund at the provider beyond the rest of the order returned gift-card value the order bought:
 * that much comes off the cards (lib/gift-cards/service.ts debitBoughtCards), so the money is not
 * both refunded and spendable. What the recipients already spent cannot be taken back: it is on the
 * timeline for the maker.
 */
async function takeRefundedCardValue(tx: Tx, order: OrderWithItems, ours: { _sum: { amount: Prisma.Decimal | null } }, external: number, actor: OrderEventActor) {
  const bought = await lockBoughtCards(tx, order.id);
  if (!bought.length) return;
  const remainingBefore = decimalToCents(order.total) - Math.max(decimalToCents(order.refundedAmount), decimalToCents(ours._sum.amount ?? new Prisma.Decimal(0)));
  const excess = external - boughtCardsRefund(bought, remainingBefore).otherLeft;
  if (excess <= 0) return;
  const taken = await debitBoughtCards(
    tx,
    order.id,
    bought.filter((c) => !c.refunded),
    excess,
  );
  await appendOrderEvent(
    tx,
    order.id,
    "gift_cards_refunded",
    { codes: taken.codes, amount: fromCents(taken.amount), source: "provider", ...(taken.amount < excess ? { spent: fromCents(excess - taken.amount) } : {}) },
    { actor },
  );
}

/** The order a card payment belongs to: its first payment, or a later one (OrderPayment). */
export async function orderIdOfPayment(tx: Tx, paymentIntentId: string): Promise<number | null> {
  const order = await tx.order.findUnique({ where: { stripePaymentIntentId: paymentIntentId }, select: { id: true } });
  if (order) return order.id;
  const later = await tx.orderPayment.findUnique({ where: { paymentIntentId }, select: { orderId: true } });
  return later?.orderId ?? null;
}
