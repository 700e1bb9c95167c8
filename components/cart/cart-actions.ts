"use client";

import { useCart } from "@/lib/cart/store";
import type { CartItem, CartLineRef } from "@/lib/cart/types";
import { MAX_CHECK_LINES } from "@/lib/cart/messages";
import { deleteCartLine, existingSessionId, postCartCheck, putCartLine } from "@/components/cart/cart-api";

/**
 * Cart changes made from the drawer and the cart page: the local store
 * changes at once; the server copy follows (spec §7: DELETE on removal when a
 * session id exists; failures are only logged).
 */

function syncRemoval({ productId, variantId }: CartLineRef) {
  const sessionId = existingSessionId();
  if (!sessionId) return;
  deleteCartLine(sessionId, productId, variantId).catch((error) => console.error("Failed to remove item from server cart", error));
}

/** Removes a line (a product's, or one variant's of it). */
export function removeCartLine(line: CartLineRef) {
  useCart.getState().removeItem(line.id);
  syncRemoval(line);
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartLineQuantity(ref: CartLineRef, quantity: number) {
  if (quantity <= 0) return removeCartLine(ref);
  const cart = useCart.getState();
  cart.updateQuantity(ref.id, quantity);
  const line = useCart.getState().cartItems.find((i) => i.id === ref.id);
  const sessionId = existingSessionId();
  if (!line || !sessionId) return;
  putCartLine({ sessionId, productId: line.productId, variantId: line.variantId, quantity: line.quantity }).catch((error) => console.error("Failed to update server cart quantity", error));
}

export function clearCartLines() {
  const lines = useCart.getState().cartItems;
  useCart.getState().clearCart();
  lines.forEach(syncRemoval);
}

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
      useCart.getState().reconcile(lines.map((l) => ({ ...l, price: l.price ?? undefined })));
    })
    .catch((error) => console.error("Failed to check cart items", error));
  lastCheck = { at: now, promise };
  return promise;
}
