import { percentOf, type Cents } from "@/lib/money";

/**
 * What a discount code takes off an order: the one rule, used by the
 * server only (the cart and checkout show what the server priced). Integer cents.
 *
 * - percentage: that percentage of the eligible lines, rounded half up to the cent;
 * - fixed: the amount, at most the eligible lines;
 * - free shipping: the order's shipping (nothing off the lines).
 * Eligible lines: one-of-a-kind pieces only when the code includes them, and only
 * products of the code's categories when it names any. The merchandise discount is
 * shared among the eligible lines in proportion to their totals (the last takes the
 * cents left over), so a line refund returns what that line was paid.
 */
export type DiscountKind = "percentage" | "fixed" | "free_shipping";

export type DiscountTerms = {
  kind: DiscountKind;
  percentOff: number | null;
  amountOff: Cents | null;
  includeUniquePieces: boolean;
  /** [] = every category */
  categoryIds: number[];
};

/** A cart line as a code sees it; `key` names the line (lib/cart/types.ts lineKey: a product, or a product and its variant). */
export type DiscountLine = { key: string; productId: number; price: Cents; quantity: number; uniqueItem: boolean; categoryId: number };

export type DiscountPrice = {
  /** Off the lines (percentage, fixed). */
  merchandise: Cents;
  /** The code waives shipping (the amount depends on the address: lib/checkout/discount-totals.ts). */
  freeShipping: boolean;
  /** Each eligible line's share of `merchandise`, by line key (two sizes of one jig are two lines). */
  perLine: Record<string, Cents>;
};

export function lineEligible(terms: DiscountTerms, line: DiscountLine): boolean {
  if (line.uniqueItem && !terms.includeUniquePieces) return false;
  return terms.categoryIds.length === 0 || terms.categoryIds.includes(line.categoryId);
}

/** The code's discount on these lines; `merchandise` 0 and no eligible line means the code does not apply (except free shipping). */
export function priceDiscountLines(terms: DiscountTerms, lines: ReadonlyArray<DiscountLine>): DiscountPrice & { eligibleSubtotal: Cents } {
  const eligible = lines.filter((l) => lineEligible(terms, l));
  const eligibleSubtotal = eligible.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const merchandise = terms.kind === "percentage" ? percentOf(eligibleSubtotal, terms.percentOff ?? 0) : terms.kind === "fixed" ? Math.min(terms.amountOff ?? 0, eligibleSubtotal) : 0;
  return { merchandise, freeShipping: terms.kind === "free_shipping", perLine: shareAmong(eligible, merchandise, eligibleSubtotal), eligibleSubtotal };
}

function shareAmong(lines: ReadonlyArray<DiscountLine>, amount: Cents, subtotal: Cents): Record<string, Cents> {
  const shares: Record<string, Cents> = {};
  if (amount <= 0 || subtotal <= 0) return shares;
  let given = 0;
  lines.forEach((l, k) => {
    const share = k === lines.length - 1 ? amount - given : Math.floor((amount * l.price * l.quantity) / subtotal);
    shares[l.key] = share;
    given += share;
  });
  return shares;
}

/** How the code shows as the order's own line: "Discount (HOLIDAY10)". */
export const discountLabel = (code: string) => `Discount (${code})`;

/** Mailbox providers that ignore dots in the local part (and treat these domains as one). */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The address a per-customer limit counts: lower-cased, the `+tag` dropped, and for Gmail the
 * dots dropped and googlemail.com read as gmail.com — `A.Da+1@GoogleMail.com` and `ada@gmail.com` are one customer.
 */
export function customerEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  const local = lower.slice(0, at).split("+")[0];
  if (DOTLESS_DOMAINS.has(domain)) return `${local.replace(/\./g, "")}@gmail.com`;
  return `${local || lower.slice(0, at)}@${domain}`;
}
