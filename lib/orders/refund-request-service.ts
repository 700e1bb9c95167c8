import "server-only";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents, decimalToCents } from "@/lib/money";
import type { OrderRefundInput } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { lockOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_TX_OPTIONS, orderWithItems, type Tx } from "@/lib/orders/order-row";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { lockBoughtCards, voidBoughtCards } from "@/lib/gift-cards/service";
import { getPaymentProvider } from "@/lib/payments/provider";
import { toRefundDTO, sumOf, STALE_REFUND_MS, SETTLE_WAIT_MS, SETTLE_POLL_MS, type RefundRow, type RefundResult, type Payment, type RefundRequest } from "@/lib/orders/refund-row";
import { refundPlan, paidLeft, giftCardPart, paymentShares } from "@/lib/orders/refund-amounts";
import { cardPayments } from "@/lib/orders/refund-record-service";

/**
 * A refund request, validated and claimed: the order's payment that can be refunded, the request's
 * key, and under the order's lock one pending row per payment it returns money to (or the rows an
 * identical request already made, awaited and answered again).
 */

/** The order's card payment, taken by the provider this shop runs now. */
export async function refundablePayment(orderId: number): Promise<Payment> {
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { id: true, createdAt: true, stripePaymentIntentId: true, paymentProvider: true } });
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  if (!order.stripePaymentIntentId) throw new AppError("conflict", "This order has no card payment to refund.");
  if (getPaymentProvider().name !== order.paymentProvider) {
    throw new AppError("conflict", `This order was paid with the ${order.paymentProvider} provider, which this shop is not running now.`);
  }
  return { orderId: order.id, createdAt: order.createdAt, paymentIntentId: order.stripePaymentIntentId, provider: order.paymentProvider };
}

/**
 * The request's idempotency key — the client's (`idempotencyKey`: the admin
 * form sends one per submission) or, for API clients that send none, its
 * content — and its fingerprint (what it asks for). The key is also the
 * provider's idempotency key (Stripe keeps them 24 h per account, so it
 * carries the order's creation time: a reset database never reuses one).
 */
export function refundRequest(payment: Payment, input: OrderRefundInput): RefundRequest {
  const content = JSON.stringify({ amount: input.amount ?? null, lineIds: [...new Set(input.lineIds ?? [])].sort((a, b) => a - b), reason: input.reason });
  const hash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);
  return { key: `refund-${payment.orderId}-${payment.createdAt.getTime()}-${hash(input.idempotencyKey ?? content)}`, fingerprint: hash(content) };
}

/**
 * Under the order's lock: the row this key already has (another request made
 * it: created = false), or a new pending row for what the request comes to.
 * Only the request that created the row calls the provider.
 */
export async function claimRefund(payment: Payment, input: OrderRefundInput, request: RefundRequest): Promise<{ rows: RefundRow[]; toSend: RefundRow[] }> {
  return prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, payment.orderId);
    await refuseWhileBalanceCapturing(tx, order.id);
    const existing = await tx.refund.findMany({ where: { OR: [{ idempotencyKey: request.key }, { idempotencyKey: { startsWith: `${request.key}${PART_KEY}` } }] }, orderBy: { id: "asc" } });
    const open = await tx.refund.findMany({
      where: { orderId: order.id, status: { in: ["pending", "succeeded"] } },
      select: { amount: true, lineIds: true, giftCardAmount: true, paymentIntentId: true },
    });
    if (existing.length) {
      if (existing.some((r) => r.fingerprint && r.fingerprint !== request.fingerprint)) {
        throw new AppError("conflict", "This idempotency key was already used for a different refund of this order.");
      }
      // A split refund one of whose parts the provider refused: the same request again sends what is left of it.
      const missing = existing[0].requestAmount ? decimalToCents(existing[0].requestAmount) - sumOf(existing) : 0;
      if (missing <= 0) return { rows: existing, toSend: [] };
      const shares = paymentShares(await cardPayments(tx, order, open), missing);
      const more = await createParts(tx, existing[0], shares, `${request.key}${PART_KEY}r${Date.now()}-`);
      return { rows: [...existing, ...more], toSend: more };
    }
    const plan = refundPlan(order, input, open, await lockBoughtCards(tx, order.id));
    // Refunding all that was paid ends the sale: a commission's balance link stops working (a partial refund leaves it due).
    if (plan.amount >= paidLeft(order, open)) await tx.commissionQuote.updateMany({ where: { balanceOrderId: order.id, status: "open" }, data: { status: "withdrawn" } });
    const giftCardAmount = giftCardPart(order, plan.amount, open);
    const shares = paymentShares(await cardPayments(tx, order, open), plan.amount - giftCardAmount);
    // The first row carries the lines and the gift cards' part; each further payment's share is a row of its own.
    const [first, ...rest] = shares.length ? shares : [{ paymentIntentId: payment.paymentIntentId, amount: 0 }];
    const refund = await tx.refund.create({
      data: {
        orderId: order.id,
        reason: input.reason,
        internalNote: input.internalNote ?? null,
        provider: payment.provider,
        fingerprint: request.fingerprint,
        amount: fromCents(first.amount + giftCardAmount),
        giftCardAmount: fromCents(giftCardAmount),
        requestAmount: fromCents(plan.amount),
        lineIds: plan.lineIds,
        paymentIntentId: first.paymentIntentId,
        idempotencyKey: request.key,
      },
    });
    const more = await createParts(tx, refund, rest, `${request.key}${PART_KEY}`);
    // The cards it bought lose their balance with this claim: spent now, the money could not come back too.
    const voided = await voidBoughtCards(tx, refund, plan.voidCards);
    if (voided.codes.length) await appendOrderEvent(tx, order.id, "gift_cards_refunded", { codes: voided.codes, amount: fromCents(voided.amount), refundKey: refund.idempotencyKey });
    const rows = [refund, ...more];
    return { rows, toSend: rows };
  }, ORDER_TX_OPTIONS);
}

/** The further rows of a split refund, one per payment share, keyed `prefix` + their number. */
async function createParts(tx: Tx, first: RefundRow, shares: Array<{ paymentIntentId: string; amount: number }>, prefix: string): Promise<RefundRow[]> {
  const rows: RefundRow[] = [];
  for (const [k, share] of shares.entries()) {
    rows.push(
      await tx.refund.create({
        data: {
          orderId: first.orderId,
          reason: first.reason,
          provider: first.provider,
          fingerprint: first.fingerprint,
          requestAmount: first.requestAmount,
          amount: fromCents(share.amount),
          lineIds: [],
          paymentIntentId: share.paymentIntentId,
          idempotencyKey: `${prefix}${k + 2}`,
        },
      }),
    );
  }
  return rows;
}

/**
 * A balance payment recorded a moment ago whose capture has not answered yet: a refund now would leave it
 * out and the capture would then take money from a refunded order. Refused for STALE_REFUND_MS; after that
 * the payment counts as not taken (a capture that did go through shows up by webhook and is refundable then).
 */
async function refuseWhileBalanceCapturing(tx: Tx, orderId: number) {
  const capturing = await tx.orderPayment.count({ where: { orderId, captured: false, createdAt: { gt: new Date(Date.now() - STALE_REFUND_MS) } } });
  if (capturing) throw new AppError("conflict", "The balance of this order is being taken right now. Try the refund again in a minute.");
}

/** The key of a refund's further rows: the request's key, this, and the row's number (2, 3…). */
const PART_KEY = "~part-";

/**
 * Waits (up to SETTLE_WAIT_MS) until no refund of the order is on its way to the provider: a cancellation
 * that meets a full refund in flight completes once it is settled. Returns true when none is left pending.
 */
export async function awaitOrderRefunds(orderId: number): Promise<boolean> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  while (await prisma.refund.count({ where: { orderId, status: "pending" } })) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
  return true;
}

/** An identical request is under way: its outcome, once it has one (up to SETTLE_WAIT_MS). */
export async function awaitSettled(row: RefundRow): Promise<RefundRow> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  let current: RefundRow | null = row;
  while (current?.status === "pending" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    current = await prisma.refund.findUnique({ where: { id: row.id } });
  }
  if (!current) throw new AppError("conflict", "The same refund was just tried and the payment provider refused it; nothing was refunded.");
  if (current.status !== "succeeded") throw new AppError("conflict", "This refund is already being processed. Try again in a moment.");
  return current;
}

export async function replayedRefund(orderId: number, refunds: RefundRow[]): Promise<RefundResult> {
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: orderWithItems });
  const when = refunds[0].createdAt.toISOString().slice(0, 16).replace("T", " ");
  const amount = sumOf(refunds);
  return {
    refund: toRefundDTO(refunds[0]),
    refunds: refunds.map(toRefundDTO),
    amount: fromCents(amount),
    order: toOrderDTO(order),
    replayed: true,
    message: `Already refunded: this same request refunded ${formatMoney(amount)} at ${when} UTC. No money moved this time.`,
  };
}

/** The rows of a request as they are now (settled ones only), oldest first. */
export async function succeededRows(rows: RefundRow[]): Promise<RefundRow[]> {
  return prisma.refund.findMany({ where: { id: { in: rows.map((r) => r.id) }, status: "succeeded" }, orderBy: { id: "asc" } });
}

/** Deletes parts of a split refund that were never sent to the provider (only while pending). */
export async function dropUnsentParts(rows: RefundRow[]) {
  if (rows.length) await prisma.refund.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, status: "pending" } });
}
