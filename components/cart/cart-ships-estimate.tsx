"use client";

import type { CartItem } from "@/lib/cart/types";
import { cartShipsText } from "@/lib/inventory/ship-days";

/**
 * The order's latest estimate on the cart page ("Your order ships in 10–15 working days": the
 * latest promise of the lines that can be bought), each line showing its own. Loaded after the
 * page's first load (components/cart/cart-order-summary.tsx), so the estimate's rules add nothing
 * to the cart page's first-load JavaScript (tests/e2e/budget.spec.ts).
 */
export function CartShipsEstimate({ items }: { items: CartItem[] }) {
  const ships = cartShipsText(items);
  return ships ? (
    <p className="text-sm font-medium" data-testid="cart-ships-estimate">
      {ships}
    </p>
  ) : null;
}
