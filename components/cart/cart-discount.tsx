"use client";

import { useEffect } from "react";
import type { CartItem } from "@/lib/cart/types";
import type { Cents } from "@/lib/money";
import { discountedTotals, type DiscountedTotals } from "@/lib/checkout/discount-totals";
import { DiscountCodeForm } from "@/components/checkout/discount-code-form";
import { DiscountRow } from "@/components/checkout/discount-row";
import { useDiscountCode } from "@/components/checkout/use-discount-code";

/** What the cart page shows for an applied code: the totals with it and its own summary line. */
export type CartDiscountShown = { totals: DiscountedTotals; row: React.ReactNode } | null;

/**
 * The cart page's discount code, loaded as its own chunk after the page so the
 * cart page's first-load JavaScript stays within its budget: the field, the server's price
 * for the code, and the totals and summary line it makes, handed to the page.
 */
export function CartDiscount({
  items,
  taxEstimate,
  shipping,
  onShow,
}: {
  items: CartItem[];
  /** TAX_MODE=estimate: the 8 % estimate is in the cart's total. */ taxEstimate: boolean;
  /** The server's shipping for the cart before an address (0 when the address decides); undefined: the default zone's rule. */
  shipping: Cents | undefined;
  onShow: (shown: CartDiscountShown) => void;
}) {
  const discount = useDiscountCode(items);
  const { applied } = discount;
  useEffect(() => {
    if (!applied) return onShow(null);
    const totals = discountedTotals(items, { taxEstimate, discount: applied, shipping });
    onShow({ totals, row: <DiscountRow code={applied.code} amount={totals.discount} /> });
  }, [applied, items, taxEstimate, shipping, onShow]);
  return <DiscountCodeForm {...discount} />;
}
