/**
 * Deleting an order: an order that moved money — a card payment (captured, or
 * authorised with an outcome that may yet be taken: its id is the provider's), a gift-card
 * redemption, a refund, a deposit or balance payment — is archived, never destroyed, so the books,
 * the audit log and a later provider webhook (charge.refunded) still find it. Only an order that
 * moved no money may be deleted for good.
 */
export type MoneyFacts = {
  stripePaymentIntentId: string | null;
  giftCardAmount: { toFixed(digits: number): string } | string;
  refundedAmount: { toFixed(digits: number): string } | string;
  /** Counts of the order's rows that record money: later payments, refunds, gift-card movements. */
  payments: number;
  refunds?: number;
  giftCardMovements?: number;
};

const nonZero = (v: MoneyFacts["giftCardAmount"]) => Number(typeof v === "string" ? v : v.toFixed(2)) !== 0;

export function movedMoney(facts: MoneyFacts): boolean {
  return Boolean(facts.stripePaymentIntentId) || nonZero(facts.giftCardAmount) || nonZero(facts.refundedAmount) || facts.payments > 0 || (facts.refunds ?? 0) > 0 || (facts.giftCardMovements ?? 0) > 0;
}

/** What the delete confirmation says, so the maker knows which of the two happens. */
export function deleteOrderWording(orderNumber: string, moved: boolean): { title: string; description: string; confirmLabel: string } {
  return moved
    ? {
        title: "Archive this order?",
        description: `Order ${orderNumber} moved money, so it is archived, not deleted: it leaves the orders list and stays in the books, the audit log and the "Archived" filter, with its payments and refunds.`,
        confirmLabel: "Archive Order",
      }
    : {
        title: "Delete this order?",
        description: `Order ${orderNumber} and its items will be permanently deleted. This cannot be undone.`,
        confirmLabel: "Delete Order",
      };
}

export const ORDER_ARCHIVED_MESSAGE = "This order is archived: it can no longer be changed.";
