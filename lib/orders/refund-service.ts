import "server-only";
import { lineName } from "@/lib/catalog/variants";
import { orderStatement, statementText } from "@/lib/orders/statement";
import { namedItems } from "@/lib/orders/dto";
import { createHash } from "node:crypto";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { orderRefundEmail } from "@/lib/email/templates";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { formatMoney, fromCents, decimalToCents } from "@/lib/money";
import type { OrderRefundInput } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { sendClaimedOrderEmail, type ClaimedEmail } from "@/lib/orders/email-service";
import { lockOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems, type Tx } from "@/lib/orders/order-row";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";
import { boughtCardsRefund, type BoughtCard } from "@/lib/gift-cards/rules";
import { debitBoughtCards, lockBoughtCards, refundToGiftCards, restoreVoidedCards, voidBoughtCards } from "@/lib/gift-cards/service";
import { reverseTaxForRefund } from "@/lib/orders/tax-service";
import { markCommissionOfOrderRefunded } from "@/lib/commissions/service";
import { getPaymentProvider } from "@/lib/payments/provider";
import type { RefundInfo } from "@/lib/payments/types";

/**
 * Refunds: money returned through the provider that took the payment, and
 * every cent of it on record. A refund is a row of the Refund table, created
 * `pending` (under the order's lock, so two requests cannot return the same
 * money twice) by the one request that then calls the provider; it becomes
 * `succeeded` with the provider's refund id, or is dropped when the provider
 * refused it. An identical request finds that row and waits for it; a row left
 * pending (a process that died mid-call) is checked against the provider after
 * STALE_REFUND_MS and settled or dropped, never counted "in flight" for ever.
 */
export type RefundDTO = {
  id: number;
  amount: string;
  reason: string;
  internalNote: string | null;
  lineIds: number[];
  provider: string;
  providerRefundId: string | null;
  paymentIntentId: string | null;
  status: string;
  createdAt: string;
};
/** `refund` is the first (or only) row; a refund spread over an order's payments (a deposit and its balance) has one row per payment in `refunds`, and `amount` their sum. */
export type RefundResult = { refund: RefundDTO; refunds: RefundDTO[]; amount: string; order: ReturnType<typeof toOrderDTO>; replayed: boolean; message: string };

type RefundRow = Prisma.RefundGetPayload<object>;
type Payment = { orderId: number; createdAt: Date; paymentIntentId: string; provider: string };
type RefundRequest = { key: string; fingerprint: string };

/** A refund still pending after this long is checked against the provider. */
export const STALE_REFUND_MS = 5 * 60_000;
/** How long an identical request waits for the first one to settle. */
const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 100;

const toRefundDTO = (r: RefundRow): RefundDTO => ({
  id: r.id,
  amount: r.amount.toFixed(2),
  reason: r.reason,
  internalNote: r.internalNote,
  lineIds: (r.lineIds as number[]) ?? [],
  provider: r.provider,
  providerRefundId: r.providerRefundId,
  paymentIntentId: r.paymentIntentId,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/**
 * POST /api/orders/{id}/refund: the whole remaining amount, chosen lines, or
 * an amount, through the provider that took the payment. The same request
 * (same client key, or same content when the client sends no key) returns the
 * first refund with `replayed: true` and moves no money.
 */
export async function refundOrder(id: number | string, input: OrderRefundInput, opts: { cancelling?: boolean } = {}): Promise<RefundResult> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const payment = await refundablePayment(orderId);
  const request = refundRequest(payment, input);
  await reconcileStaleRefunds({ orderId });
  const claim = await claimRefund(payment, input, request);
  if (!claim.toSend.length) return replayedRefund(orderId, await Promise.all(claim.rows.map(awaitSettled)));
  let order: OrderWithItems | null = null;
  // One provider refund per payment it returns money to (a deposit and its balance), each under its own key.
  for (const [i, row] of claim.toSend.entries()) {
    try {
      const providerRefund = await refundAtProvider(payment, row);
      order = (await settleRefund(row, providerRefund.id, { notify: !opts.cancelling })).order;
    } catch (error) {
      // The parts not sent yet never reached the provider: dropped now, so the same request sent again refunds the rest.
      await dropUnsentParts(claim.toSend.slice(i + 1));
      const done = await succeededRows(claim.rows);
      if (!done.length || !(error instanceof AppError)) throw error;
      throw new AppError(
        "conflict",
        `Refunded ${formatMoney(sumOf(done))} of ${formatMoney(decimalToCents(claim.rows[0].requestAmount ?? claim.rows[0].amount))}; the rest could not be: ${error.message} Send the same refund again to refund the rest.`,
      );
    }
  }
  const rows = await succeededRows(claim.rows);
  const amount = sumOf(rows);
  return { refund: toRefundDTO(rows[0]), refunds: rows.map(toRefundDTO), amount: fromCents(amount), order: toOrderDTO(order!), replayed: false, message: `Refunded ${formatMoney(amount)}.` };
}

/** The rows of a request as they are now (settled ones only), oldest first. */
async function succeededRows(rows: RefundRow[]): Promise<RefundRow[]> {
  return prisma.refund.findMany({ where: { id: { in: rows.map((r) => r.id) }, status: "succeeded" }, orderBy: { id: "asc" } });
}

/** Deletes parts of a split refund that were never sent to the provider (only while pending). */
async function dropUnsentParts(rows: RefundRow[]) {
  if (rows.length) await prisma.refund.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, status: "pending" } });
}

const sumOf = (rows: ReadonlyArray<{ amount: Prisma.Decimal }>) => rows.reduce((sum, r) => sum + decimalToCents(r.amount), 0);

/** The order's card payment, taken by the provider this shop runs now. */
async function refundablePayment(orderId: number): Promise<Payment> {
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
function refundRequest(payment: Payment, input: OrderRefundInput): RefundRequest {
  const content = JSON.stringify({ amount: input.amount ?? null, lineIds: [...new Set(input.lineIds ?? [])].sort((a, b) => a - b), reason: input.reason });
  const hash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);
  return { key: `refund-${payment.orderId}-${payment.createdAt.getTime()}-${hash(input.idempotencyKey ?? content)}`, fingerprint: hash(content) };
}

/** Everything paid is refunded, or being refunded by a request in flight (awaitOrderRefunds). */
export const FULLY_REFUNDED_MESSAGE = "This order has already been fully refunded.";

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

/** Nothing of the order can be refunded any more: everything left is gift-card value its recipients spent. */
export const NOTHING_LEFT_MESSAGE = "Nothing is left to refund: the rest of this order is gift-card value that has been spent.";

type RefundPlan = { amount: number; lineIds: number[]; voidCards: BoughtCard[] };

/**
 * What a refund request comes to on the order as it is now (under its row lock, with the
 * gift cards it bought locked too). A card it bought is refunded for what is still on it, and
 * only with its line or the whole order (lib/gift-cards/rules.ts boughtCardsRefund): the plan
 * names the cards whose balance the refund takes off.
 */
function refundPlan(order: OrderWithItems, input: OrderRefundInput, open: Array<{ amount: Prisma.Decimal; lineIds: unknown }>, bought: ReadonlyArray<BoughtCard>): RefundPlan {
  // Refunds still in flight count as done, so two requests at once cannot return the same money twice.
  const inFlight = open.reduce((sum, r) => sum + decimalToCents(r.amount), 0);
  const claimedLines = new Set(open.flatMap((r) => (r.lineIds as number[]) ?? []));
  // A balance not paid yet was never taken: only what was paid can come back.
  const remaining = paidOf(order) - Math.max(decimalToCents(order.refundedAmount), inFlight);
  if (remaining <= 0) throw new AppError("conflict", FULLY_REFUNDED_MESSAGE);
  const cards = boughtCardsRefund(bought, remaining);
  const { otherLeft } = cards;
  const unspent = (list: ReadonlyArray<BoughtCard>) => list.reduce((sum, c) => sum + c.unspent, 0);
  const planned = (plan: RefundPlan) => {
    if (plan.amount <= 0) throw new AppError("conflict", NOTHING_LEFT_MESSAGE);
    return plan;
  };
  if (input.lineIds) {
    const ids = [...new Set(input.lineIds)].sort((a, b) => a - b);
    const lines = ids.map((id) => order.items.find((i) => i.id === id));
    const missing = ids.filter((_, k) => !lines[k]);
    if (missing.length) throw new AppError("bad_request", `Order ${order.orderNumber} has no line ${missing.join(", ")}.`, { lineIds: "Choose lines of this order" });
    const done = lines.filter((l) => l!.refunded || claimedLines.has(l!.id) || (cards.boughtWithLine(l!.id) && !cards.liveOfLine(l!.id).length));
    if (done.length) throw new AppError("conflict", `“${done[0]!.productName}” has already been refunded.`);
    const cardLines = lines.filter((l) => cards.boughtWithLine(l!.id));
    const voided = cardLines.flatMap((l) => cards.liveOfLine(l!.id));
    // What the other lines were paid: their totals less their share of the discount code, plus their tax.
    const others = lines.filter((l) => !cards.boughtWithLine(l!.id)).reduce((sum, l) => sum + decimalToCents(l!.total) - decimalToCents(l!.discount) + decimalToCents(l!.tax), 0);
    if (cardLines.length && !unspent(voided) && !others) throw new AppError("conflict", `Nothing is left on the gift card bought with “${cardLines[0]!.productName}”: its recipient has spent it.`);
    return planned({ amount: Math.min(Math.min(others, otherLeft) + unspent(voided), remaining), lineIds: ids, voidCards: voided });
  }
  if (input.amount !== undefined) {
    const amount = Math.round(input.amount * 100);
    if (amount > otherLeft) {
      const why = cards.heldByCards ? " A gift card this order bought is refunded with its line, for what is left on it." : "";
      throw new AppError("bad_request", `At most ${formatMoney(otherLeft)} can still be refunded as an amount.${why}`, { amount: `At most ${formatMoney(otherLeft)}` });
    }
    return { amount, lineIds: [], voidCards: [] };
  }
  return planned({ amount: Math.min(cards.whole, remaining), lineIds: [], voidCards: cards.live });
}

/** What is left of what was paid (a balance not paid yet never was), refunds in flight counted as done. */
const paidLeft = (order: OrderWithItems, open: ReadonlyArray<{ amount: Prisma.Decimal }>) =>
  paidOf(order) -
  Math.max(
    decimalToCents(order.refundedAmount),
    open.reduce((sum, r) => sum + decimalToCents(r.amount), 0),
  );

type PaidOrder = { total: Prisma.Decimal; giftCardAmount: Prisma.Decimal; balanceDue: Prisma.Decimal; capture: string };
/**
 * What the card payments took: the order's total less what its gift cards paid and less a balance not
 * paid yet — nothing while its first card payment is not captured (lib/checkout/capture-service.ts).
 */
const cardPaid = (order: PaidOrder) => (order.capture === "captured" ? decimalToCents(order.total) - decimalToCents(order.giftCardAmount) - decimalToCents(order.balanceDue) : 0);
/** What the order was paid: by card, and by gift cards (a failed capture's gift cards were taken all the same). */
const paidOf = (order: PaidOrder) => cardPaid(order) + decimalToCents(order.giftCardAmount);
/** The part of a refund the provider returns (the rest goes back to the order's gift cards). */
const providerPart = (r: { amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal }) => decimalToCents(r.amount) - decimalToCents(r.giftCardAmount);

/**
 * A refund returns money to the card payment first, up to what it took less what was
 * refunded to it already; anything beyond goes back to the gift cards that paid the rest.
 */
function giftCardPart(order: OrderWithItems, amount: number, open: Array<{ amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal }>): number {
  const cardLeft = Math.max(0, cardPaid(order) - open.reduce((sum, r) => sum + providerPart(r), 0));
  return amount - Math.min(amount, cardLeft);
}

/**
 * Under the order's lock: the row this key already has (another request made
 * it: created = false), or a new pending row for what the request comes to.
 * Only the request that created the row calls the provider.
 */
async function claimRefund(payment: Payment, input: OrderRefundInput, request: RefundRequest): Promise<{ rows: RefundRow[]; toSend: RefundRow[] }> {
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

/** A card payment of an order: the first (Order.stripePaymentIntentId) or a later one (OrderPayment: a commission's balance). */
type CardPayment = { paymentIntentId: string; amount: number; refunded: number };

/**
 * The order's card payments that took money, oldest first, with what each took and what refunds (pending
 * or done) returned to it. The first took the card's part less every later payment; a refund row from before
 * payments were named (paymentIntentId null) returned money to the first.
 */
async function cardPayments(tx: Tx, order: OrderWithItems, open: ReadonlyArray<{ amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal; paymentIntentId: string | null }>): Promise<CardPayment[]> {
  const later = await tx.orderPayment.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" }, select: { paymentIntentId: true, amount: true, captured: true } });
  const refundedTo = (intent: string, first: boolean) => open.filter((r) => r.paymentIntentId === intent || (first && r.paymentIntentId === null)).reduce((sum, r) => sum + providerPart(r), 0);
  // Every later payment's amount is not the first's, captured or not (a failed capture took nothing, and is not listed).
  const firstAmount = Math.max(0, cardPaid(order) - later.reduce((sum, p) => sum + decimalToCents(p.amount), 0));
  const first = order.stripePaymentIntentId ? [{ paymentIntentId: order.stripePaymentIntentId, amount: firstAmount, refunded: refundedTo(order.stripePaymentIntentId, true) }] : [];
  return [...first, ...later.filter((p) => p.captured).map((p) => ({ paymentIntentId: p.paymentIntentId, amount: decimalToCents(p.amount), refunded: refundedTo(p.paymentIntentId, false) }))];
}

/**
 * How a refund's card part is spread over the payments: the latest payment first (a commission's
 * balance, then its deposit), each up to what it took less what was refunded to it already.
 */
function paymentShares(payments: CardPayment[], amount: number): Array<{ paymentIntentId: string; amount: number }> {
  const shares: Array<{ paymentIntentId: string; amount: number }> = [];
  let left = amount;
  for (const p of [...payments].reverse()) {
    const share = Math.min(left, Math.max(0, p.amount - p.refunded));
    if (share > 0) shares.push({ paymentIntentId: p.paymentIntentId, amount: share });
    left -= share;
  }
  if (left > 0) throw new AppError("conflict", `Only ${formatMoney(amount - left)} of the card payments can still be refunded.`);
  return shares;
}

/** An identical request is under way: its outcome, once it has one (up to SETTLE_WAIT_MS). */
async function awaitSettled(row: RefundRow): Promise<RefundRow> {
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

async function replayedRefund(orderId: number, refunds: RefundRow[]): Promise<RefundResult> {
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

/**
 * Calls the provider with the row's key. When the call fails, the provider is
 * asked whether the refund exists after all (a lost reply); only a refund it
 * does not have drops the row. When even that cannot be asked, the row stays
 * pending and is checked again later (reconcileStaleRefunds).
 */
async function refundAtProvider(payment: Payment, row: RefundRow): Promise<RefundInfo> {
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
 * The provider refunded: the row becomes succeeded (once — a row already
 * settled by another path is returned as it is; a row dropped meanwhile is
 * written again, since the money moved), the lines and the order's refunded
 * amount follow, and the timeline, audit log and shopper's email record it.
 */
async function settleRefund(row: RefundRow, providerRefundId: string, opts: { notify: boolean; reconciled?: boolean }) {
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
    await appendOrderEvent(tx, row.orderId, "refunded", { amount, reason: saved.row.reason, ...note, lines, provider: saved.row.provider, refundId: providerRefundId });
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

// ─── provider webhooks ──────────────────────────────────────────────────────

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

/**
 * A commission's deposit order (a balance still due) whose payment came back in full: the sale is off.
 * The order is cancelled, its balance never asked for (its links withdrawn), and its commission moved
 * to refunded — on the timeline and in the audit log.
 */
async function closeRefundedDeposit(tx: Tx, orderId: number, actor: OrderEventActor) {
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
async function syncRefundedAmount(tx: Tx, orderId: number): Promise<string> {
  const [order, sum] = await Promise.all([
    tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { total: true } }),
    tx.refund.aggregate({ _sum: { amount: true }, where: { orderId, status: "succeeded" } }),
  ]);
  const amount = fromCents(Math.min(decimalToCents(sum._sum.amount ?? new Prisma.Decimal(0)), decimalToCents(order.total)));
  await tx.order.update({ where: { id: orderId }, data: { refundedAmount: amount } });
  return amount;
}
