import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { fromCents, decimalToCents } from "@/lib/money";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { recordStripeTaxTransaction, reverseStripeTax } from "@/lib/tax/stripe-tax";

/**
 * Stripe Tax after the sale (TAX_MODE=stripe). An order priced with a Stripe Tax
 * calculation gets a tax transaction from it once its payment is captured (finalizeOrder), under
 * its order number; each refund then reverses its part: the whole transaction when one refund
 * returns the whole order, otherwise a partial reversal of the refunded amount (tax included),
 * which Stripe spreads over the lines and shipping in proportion. A Stripe failure never undoes
 * money already moved: it is logged and on the order's timeline, and a transaction that could not
 * be recorded after capture is recorded by the hourly upkeep (recordMissingTaxTransactions) or,
 * at the latest, before the order's first reversal; a reversal that failed is made by the same
 * upkeep (reverseMissingTaxReversals).
 */
type TaxedOrder = { id: number; orderNumber: string; tax: Prisma.Decimal; taxCalculationId: string | null; taxTransactionId: string | null };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** The order's tax transaction, recorded now if it is not yet (idempotent at Stripe by the order number); null when it cannot be. */
export async function recordTaxTransaction(order: TaxedOrder, { quiet = false }: { quiet?: boolean } = {}): Promise<string | null> {
  if (!order.taxCalculationId) return null;
  if (order.taxTransactionId) return order.taxTransactionId;
  try {
    const transactionId = await recordStripeTaxTransaction(order.taxCalculationId, order.orderNumber);
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.order.updateMany({ where: { id: order.id, taxTransactionId: null }, data: { taxTransactionId: transactionId } });
      if (count) await appendOrderEvent(tx, order.id, "tax_recorded", { transactionId, tax: order.tax.toFixed(2) }, { actor: "system" });
    });
    return transactionId;
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, err: error }, "could not record the order's Stripe Tax transaction");
    if (!quiet) await appendOrderEvent(prisma, order.id, "tax_record_failed", { message: messageOf(error) }, { actor: "system" });
    return null;
  }
}

/** Stripe keeps a calculation 90 days; the upkeep stops asking a little before. */
const CALCULATION_DAYS = 89;

/**
 * The hourly upkeep's part: paid orders priced with Stripe Tax whose transaction could not be
 * recorded after capture (Stripe did not answer) are recorded now, up to 50 a run, oldest first;
 * a failure is logged (the order's timeline already says so) and tried again next hour.
 */
export async function recordMissingTaxTransactions(now = new Date()): Promise<{ recorded: number; failed: number }> {
  const orders = await prisma.order.findMany({
    where: { taxCalculationId: { not: null }, taxTransactionId: null, status: { not: "pending" }, createdAt: { gt: new Date(now.getTime() - CALCULATION_DAYS * 86_400_000) } },
    select: { id: true, orderNumber: true, tax: true, taxCalculationId: true, taxTransactionId: true },
    orderBy: { id: "asc" },
    take: 50,
  });
  const outcome = { recorded: 0, failed: 0 };
  for (const order of orders) {
    if (await recordTaxTransaction(order, { quiet: true })) outcome.recorded++;
    else outcome.failed++;
  }
  return outcome;
}

/**
 * What a refund returned of the sale Stripe Tax recorded: its amount less the balance it took off
 * gift cards the order bought (a card is not taxed, so returning it reverses no tax).
 */
async function taxedPart(refund: { id: number; amount: Prisma.Decimal }): Promise<number> {
  const cards = await prisma.giftCard.aggregate({ _sum: { refundedAmount: true }, where: { refundId: refund.id } });
  return decimalToCents(refund.amount) - decimalToCents(cards._sum.refundedAmount ?? new Prisma.Decimal(0));
}

/** A refund whose part of the sale was already reversed in full by earlier ones: nothing left to reverse (kept so the upkeep does not ask again). */
export const NOTHING_TO_REVERSE = "none";

/**
 * The hourly upkeep's other part: succeeded refunds whose Stripe Tax reversal failed (Stripe did
 * not answer) are reversed now, up to 50 a run, oldest first, with the refund's own idempotency
 * key (a reversal that did reach Stripe is not made twice); a failure is logged (the order's
 * timeline already says so) and tried again next hour. Refunds under way (the last few minutes)
 * are left to the request that made them.
 */
export async function reverseMissingTaxReversals(now = new Date()): Promise<{ reversed: number; failed: number }> {
  const refunds = await prisma.refund.findMany({
    where: {
      status: "succeeded",
      taxReversalId: null,
      createdAt: { lt: new Date(now.getTime() - 5 * 60_000), gt: new Date(now.getTime() - CALCULATION_DAYS * 86_400_000) },
      order: { taxCalculationId: { not: null } },
    },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 50,
  });
  const outcome = { reversed: 0, failed: 0 };
  for (const refund of refunds) {
    if (await reverseTaxForRefund(refund.id, { quiet: true })) outcome.reversed++;
    else outcome.failed++;
  }
  return outcome;
}

/**
 * A succeeded refund's reversal at Stripe Tax (once: the refund keeps its reversal id; the
 * idempotency key is the refund's own). Nothing for an order without a Stripe Tax calculation.
 * True when the refund's tax is now reversed (or had nothing to reverse).
 */
export async function reverseTaxForRefund(refundId: number, { quiet = false }: { quiet?: boolean } = {}): Promise<boolean> {
  const refund = await prisma.refund.findUnique({
    where: { id: refundId },
    include: { order: { select: { id: true, orderNumber: true, total: true, tax: true, taxCalculationId: true, taxTransactionId: true } } },
  });
  if (!refund || refund.status !== "succeeded" || refund.taxReversalId || !refund.order.taxCalculationId) return true;
  const { order } = refund;
  const transactionId = await recordTaxTransaction(order, { quiet });
  if (!transactionId) return false;
  const reversed = await prisma.refund.findMany({
    where: { orderId: order.id, id: { not: refund.id }, AND: [{ taxReversalId: { not: null } }, { taxReversalId: { not: NOTHING_TO_REVERSE } }] },
    select: { id: true, amount: true },
  });
  const reversedBefore = (await Promise.all(reversed.map(taxedPart))).reduce((sum, part) => sum + part, 0);
  const amount = Math.min(await taxedPart(refund), decimalToCents(order.total) - reversedBefore);
  if (amount <= 0) {
    await prisma.refund.updateMany({ where: { id: refund.id, taxReversalId: null }, data: { taxReversalId: NOTHING_TO_REVERSE } });
    return true;
  }
  const full = reversed.length === 0 && amount === decimalToCents(order.total);
  try {
    const reversalId = await reverseStripeTax({ transactionId, reference: `${order.orderNumber}-refund-${refund.id}`, idempotencyKey: `tax-reversal-${refund.idempotencyKey}`, full, amount });
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.refund.updateMany({ where: { id: refund.id, taxReversalId: null }, data: { taxReversalId: reversalId } });
      if (count) await appendOrderEvent(tx, order.id, "tax_reversed", { reversalId, mode: full ? "full" : "partial", amount: fromCents(amount) }, { actor: "system" });
    });
    return true;
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, refundId: refund.id, err: error }, "could not reverse the refund's Stripe Tax");
    if (!quiet) await appendOrderEvent(prisma, order.id, "tax_reversal_failed", { refundId: refund.id, message: messageOf(error) }, { actor: "system" });
    return false;
  }
}
