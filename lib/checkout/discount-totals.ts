import { estimateTax, orderTotals, type OrderTotals, type TotalsLine } from "@/lib/checkout/pricing";
import type { Cents } from "@/lib/money";

/** What the server priced a discount code at (lib/discounts/rules.ts): off the lines, and whether it waives shipping. */
export type AppliedDiscount = { merchandise: Cents; freeShipping: boolean };

export type DiscountedTotals = OrderTotals & {
  /** Taken off by the discount code: its merchandise part plus the shipping it waives. */
  discount: Cents;
};

/**
 * The order totals (lib/checkout/pricing.ts orderTotals, the one rule) with a discount
 * code taken off as its own line, for the cart page, checkout and server alike: its
 * merchandise part (at most the subtotal) plus the shipping it waives. Free shipping
 * over $100 is decided on the subtotal before the discount; the cart page's 8 % tax
 * estimate is on the subtotal after it. Its own module so the pages that never show a
 * discount (the cart drawer on every page) do not load it. Client-safe.
 */
export function discountedTotals(lines: ReadonlyArray<TotalsLine>, opts: { addressComplete?: boolean; taxEstimate?: boolean; discount?: AppliedDiscount | null } = {}): DiscountedTotals {
  const base = orderTotals(lines, { addressComplete: opts.addressComplete });
  const merchandiseOff = Math.min(opts.discount?.merchandise ?? 0, base.subtotal);
  const discount = merchandiseOff + (opts.discount?.freeShipping ? base.shipping : 0);
  // A code takes nothing off gift cards (lib/discounts): its merchandise part is off the goods.
  const tax = opts.taxEstimate ? estimateTax(base.goods - merchandiseOff) : 0;
  return { ...base, discount, tax, total: base.subtotal + base.shipping - discount + tax };
}
