"use client";

type LineActions = typeof import("@/components/cart/cart-line-actions");

let loading: Promise<LineActions> | null = null;

/**
 * The cart's line changes (./cart-line-actions.ts: quantity, remove, clear) for the cart page and
 * the quantity control: fetched once, after the page's first load (the cart page asks for them as
 * soon as it shows its lines), so they add nothing to its first-load JavaScript
 * (tests/e2e/budget.spec.ts). A failed fetch is forgotten, so the next change fetches again.
 */
export function lineActions(): Promise<LineActions> {
  loading ??= import("@/components/cart/cart-line-actions").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
