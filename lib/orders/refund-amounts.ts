import "server-only";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatMoney, decimalToCents } from "@/lib/money";
import type { OrderRefundInput } from "@/lib/orders/admin-schemas";
import type { OrderWithItems } from "@/lib/orders/order-row";
import { boughtCardsRefund, type BoughtCard } from "@/lib/gift-cards/rules";

/**
 * What a refund comes to, from the order as it is (its statement: what was paid, by card and by gift
 * cards, what was refunded or is being refunded): how much, which lines, which gift cards it bought
 * lose their balance, and how the card part is spread over the order's card payments. Pure: the
 * request's transaction (refund-request-service.ts) reads the rows and writes the claim.
 */

/** Everything paid is refunded, or being refunded by a request in flight (awaitOrderRefunds). */
export const FULLY_REFUNDED_MESSAGE = "This order has already been fully refunded.";

/** Nothing of the order can be refunded any more: everything left is gift-card value its recipients spent. */
export const NOTHING_LEFT_MESSAGE = "Nothing is left to refund: the rest of this order is gift-card value that has been spent.";

type RefundPlan = { amount: number; lineIds: number[]; voidCards: BoughtCard[] };

/**
 * What a refund request comes to on the order as it is now (under its row lock, with the
 * gift cards it bought locked too). A card it bought is refunded for what is still on it, and
 * only with its line or the whole order (lib/gift-cards/rules.ts boughtCardsRefund): the plan
 * names the cards whose balance the refund takes off.
 */
export function refundPlan(order: OrderWithItems, input: OrderRefundInput, open: Array<{ amount: Prisma.Decimal; lineIds: unknown }>, bought: ReadonlyArray<BoughtCard>): RefundPlan {
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
export const paidLeft = (order: OrderWithItems, open: ReadonlyArray<{ amount: Prisma.Decimal }>) =>
  paidOf(order) -
  Math.max(
    decimalToCents(order.refundedAmount),
    open.reduce((sum, r) => sum + decimalToCents(r.amount), 0),
  );

export type PaidOrder = { total: Prisma.Decimal; giftCardAmount: Prisma.Decimal; balanceDue: Prisma.Decimal; capture: string };
/**
 * What the card payments took: the order's total less what its gift cards paid and less a balance not
 * paid yet — nothing while its first card payment is not captured (lib/checkout/capture-service.ts).
 */
export const cardPaid = (order: PaidOrder) => (order.capture === "captured" ? decimalToCents(order.total) - decimalToCents(order.giftCardAmount) - decimalToCents(order.balanceDue) : 0);
/** What the order was paid: by card, and by gift cards (a failed capture's gift cards were taken all the same). */
export const paidOf = (order: PaidOrder) => cardPaid(order) + decimalToCents(order.giftCardAmount);
/** The part of a refund the provider returns (the rest goes back to the order's gift cards). */
export const providerPart = (r: { amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal }) => decimalToCents(r.amount) - decimalToCents(r.giftCardAmount);

/**
 * A refund returns money to the card payment first, up to what it took less what was
 * refunded to it already; anything beyond goes back to the gift cards that paid the rest.
 */
export function giftCardPart(order: OrderWithItems, amount: number, open: Array<{ amount: Prisma.Decimal; giftCardAmount: Prisma.Decimal }>): number {
  const cardLeft = Math.max(0, cardPaid(order) - open.reduce((sum, r) => sum + providerPart(r), 0));
  return amount - Math.min(amount, cardLeft);
}

/** A card payment of an order: the first (Order.stripePaymentIntentId) or a later one (OrderPayment: a commission's balance). */
export type CardPayment = { paymentIntentId: string; amount: number; refunded: number };

/**
 * How a refund's card part is spread over the payments: the latest payment first (a commission's
 * balance, then its deposit), each up to what it took less what was refunded to it already.
 */
export function paymentShares(payments: CardPayment[], amount: number): Array<{ paymentIntentId: string; amount: number }> {
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
