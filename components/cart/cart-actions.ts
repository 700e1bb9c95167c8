"use client";

import { useCart } from "@/lib/cart/store";
import type { CartItem } from "@/lib/cart/types";
import { MAX_CHECK_LINES } from "@/lib/cart/messages";
import { postCartCheck } from "@/components/cart/cart-api";

/**
 * The cart's check against the server, which every page runs on load
 * (components/cart/cart-sync.tsx). The changes a shopper makes to lines are
 * in ./cart-line-actions.ts, loaded only where lines are changed.
 */

/** What the server's check is sent of each line (its variant only when it has one). */
export const checkedLines = (items: CartItem[]) => items.slice(0, MAX_CHECK_LINES).map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity }));

let lastCheck: { at: number; promise: Promise<void> } | null = null;

/**
 * Re-checks the cart against the server: refreshed prices, and lines for
 * pieces sold or withdrawn meanwhile flagged (they block checkout). Calls
 * within a couple of seconds of each other share one request.
 */
export function refreshCartAvailability(): Promise<void> {
  const now = Date.now();
  if (lastCheck && now - lastCheck.at < 2000) return lastCheck.promise;
  const items = useCart.getState().cartItems;
  if (items.length === 0) return Promise.resolve();
  const promise = postCartCheck(checkedLines(items))
    .then((lines) => {
      useCart.getState().reconcile(lines.map((l) => ({ ...l, price: l.price ?? undefined, giftCard: !!l.giftCard })));
    })
    .catch((error) => console.error("Failed to check cart items", error));
  lastCheck = { at: now, promise };
  return promise;
}
