import { toCents } from "@/lib/money";

/**
 * What the admin's refund form is about to refund (the figure is on the button, and a
 * refund of everything left asks again naming it). Chosen lines come to their totals less their
 * share of the discount plus their tax (the refund's own rule, lib/orders/refund-service.ts), at
 * most what is left; a typed amount is itself; nothing chosen is everything left.
 */
export type RefundFigure = { cents: number; full: boolean } | { error: string };

export function refundFigure(input: { remainingCents: number; lines: ReadonlyArray<{ total: string; discount?: string; tax: string }>; amount: string }): RefundFigure {
  const { remainingCents } = input;
  let cents: number;
  if (input.lines.length) {
    cents = Math.min(
      remainingCents,
      input.lines.reduce((sum, l) => sum + toCents(l.total) - toCents(l.discount ?? "0") + toCents(l.tax), 0),
    );
  } else if (input.amount.trim()) {
    const text = input.amount.trim().replace(/^\$/, "");
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) return { error: "Amount must be more than 0, in dollars and cents" };
    cents = toCents(text);
  } else {
    cents = remainingCents;
  }
  return { cents, full: cents >= remainingCents };
}
