"use client";

import { useEffect } from "react";
import type { CartItem } from "@/lib/cart/types";
import type { AppliedDiscount } from "@/lib/checkout/discount-totals";
import { DiscountCodeForm } from "@/components/checkout/discount-code-form";
import { useDiscountCode } from "@/components/checkout/use-discount-code";

/**
 * The cart page's discount code field (issue 31), loaded as its own chunk after the page
 * (the cart page's first-load JavaScript stays within its budget): prices the code with
 * the server and tells the page what it takes off.
 */
export function CartDiscount({ items, onChange }: { items: CartItem[]; onChange: (applied: (AppliedDiscount & { code: string }) | null) => void }) {
  const discount = useDiscountCode(items);
  const { applied } = discount;
  useEffect(() => onChange(applied), [applied, onChange]);
  return <DiscountCodeForm {...discount} />;
}
