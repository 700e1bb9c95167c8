import { fromCents, type Cents } from "@/lib/money";
import type { TaxLine } from "@/lib/tax/display";
import { US_STATES, usStateCode } from "@/lib/tax/us-states";

/**
 * Sales tax rules, in integer cents; how the cart page and checkout word the tax, and the
 * spec's 8 % estimate, are lib/tax/display.ts (small: every page's cart drawer loads it).
 *
 * - estimate (the spec): the cart page shows 8 % of the subtotal after the discount as an estimate;
 *   checkout and the order charge 0.
 * - flat: the rate on the merchandise (after the discount; gift cards bought are not taxed, shipping
 *   is not taxed) of orders shipped to the home state; nothing on orders shipped elsewhere.
 * - stripe: Stripe Tax prices the checkout's address and lines (lib/tax/stripe-tax.ts).
 * In flat and stripe the tax needs the shipping address, so the cart page says it is calculated at
 * checkout and the checkout shows the server's figure, the one the payment is for.
 */
/** A line as tax sees it: its key (lib/cart/types.ts lineKey), what the shopper pays for it after the discount, and whether it is a gift card. */
export type TaxableLine = { key: string; amount: Cents; giftCard?: boolean };

export type PricedTax = {
  /** The order's tax. */
  amount: Cents;
  /** Each line's part of it, by line key (a line refund returns it). */
  perLine: Record<string, Cents>;
  /** The part on shipping. */
  shipping: Cents;
  lines: TaxLine[];
};

export const NO_TAX: PricedTax = { amount: 0, perLine: {}, shipping: 0, lines: [] };

/** `amount` shared among the lines in proportion to their amounts (the last takes the cents left over). */
export function shareInProportion(lines: ReadonlyArray<{ key: string; amount: Cents }>, amount: Cents): Record<string, Cents> {
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const shares: Record<string, Cents> = {};
  if (amount <= 0 || total <= 0) return shares;
  let given = 0;
  lines.forEach((l, k) => {
    const share = k === lines.length - 1 ? amount - given : Math.floor((amount * l.amount) / total);
    shares[l.key] = share;
    given += share;
  });
  return shares;
}

/**
 * The flat rule: `perMillion` millionths (6.5 % = 65 000) of the taxable merchandise, rounded half
 * up to the cent, on an order shipped to the home state (the address's state as a code or a name);
 * nothing elsewhere.
 */
export function flatTax(rule: { homeState: string; ratePercent: string; perMillion: number }, state: string | null | undefined, lines: ReadonlyArray<TaxableLine>): PricedTax {
  if (usStateCode(state) !== rule.homeState) return NO_TAX;
  const taxableLines = lines.filter((l) => !l.giftCard && l.amount > 0);
  const taxable = taxableLines.reduce((sum, l) => sum + l.amount, 0);
  const amount = Math.floor((taxable * rule.perMillion + 500_000) / 1_000_000);
  if (amount <= 0) return NO_TAX;
  return {
    amount,
    perLine: shareInProportion(taxableLines, amount),
    shipping: 0,
    lines: [{ jurisdiction: `${US_STATES[rule.homeState]} (${rule.homeState})`, rate: rule.ratePercent, taxable: fromCents(taxable), amount: fromCents(amount) }],
  };
}
