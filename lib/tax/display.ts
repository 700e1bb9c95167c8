/**
 * How the cart page and checkout word sales tax; the spec's 8 % estimate itself is
 * lib/checkout/pricing.ts estimateTax (the cart drawer on every page loads it). Client-safe; the cart page's words are
 * chosen on the server (app/(shop)/cart/page.tsx), so its first-load JavaScript carries none of this.
 * The rules that need an address are lib/tax/rules.ts (flat) and lib/tax/stripe-tax.ts (Stripe Tax).
 */
/** One jurisdiction's part of an order's tax, as stored on the checkout and the order (decimal strings). */
export type TaxLine = { jurisdiction: string; rate: string; taxable: string; amount: string };

/** What a page needs of the tax setting (never a secret): passed from the server page to the client view. */
export type TaxDisplay = { mode: "estimate" } | { mode: "flat"; homeState: string; ratePercent: string } | { mode: "stripe" };

/**
 * The cart page's tax line: its words, and whether the cart can know its amount. In estimate mode
 * it is the 8 % estimate, in the total; in flat and stripe the tax needs the shipping address, so
 * the line says it is shown at checkout and the cart's total is before tax.
 */
export type CartTaxLine = {
  label: string;
  /** Shown instead of an amount when the cart cannot know the tax; absent: the 8 % estimate (lib/checkout/pricing.ts estimateTax), in the total. */
  value?: string;
  /** The 8 % estimate is the line's amount and in the total. */
  estimated: boolean;
  totalLabel: string;
};

export function cartTaxLine(display: TaxDisplay): CartTaxLine {
  switch (display.mode) {
    case "estimate":
      return { label: "Estimated tax — final tax shown at checkout", estimated: true, totalLabel: "Total" };
    case "flat":
      return { label: `Tax — ${display.ratePercent} % on orders shipped to ${display.homeState}`, value: "At checkout", estimated: false, totalLabel: "Total before tax" };
    case "stripe":
      return { label: "Tax — for your shipping address", value: "At checkout", estimated: false, totalLabel: "Total before tax" };
  }
}

/** The checkout summary's note under "Tax": the jurisdictions and rates charged. */
export function taxLinesNote(lines: ReadonlyArray<TaxLine>): string | undefined {
  return lines.length ? lines.map((l) => `${l.jurisdiction} ${l.rate} %`).join(", ") : undefined;
}
