"use client";

import { useCart } from "@/lib/cart/store";
import { MAX_CHECK_LINES } from "@/lib/cart/messages";
import { deleteCartLine, existingSessionId, postCartCheck, putCartLine } from "@/components/cart/cart-api";

/**
 * Cart changes made from the drawer and the cart page: the local store
 * changes at once; the server copy follows (spec §7: DELETE on removal when a
 * session id exists; failures are only logged).
 */

function syncRemoval(productId: number) {
  const sessionId = existingSessionId();
  if (!sessionId) return;
  deleteCartLine(sessionId, productId).catch((error) => console.error("Failed to remove item from server cart", error));
}

export function removeCartLine(productId: number) {
  useCart.getState().removeItem(productId);
  syncRemoval(productId);
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartLineQuantity(productId: number, quantity: number) {
  if (quantity <= 0) return removeCartLine(productId);
  const cart = useCart.getState();
  cart.updateQuantity(productId, quantity);
  const line = useCart.getState().cartItems.find((i) => i.productId === productId);
  const sessionId = existingSessionId();
  if (!line || !sessionId) return;
  putCartLine({ sessionId, productId, quantity: line.quantity }).catch((error) => console.error("Failed to update server cart quantity", error));
}

export function clearCartLines() {
  const ids = useCart.getState().cartItems.map((i) => i.productId);
  useCart.getState().clearCart();
  ids.forEach(syncRemoval);
}

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
  const promise = postCartCheck(items.slice(0, MAX_CHECK_LINES).map((i) => ({ productId: i.productId, quantity: i.quantity })))
    .then((lines) => {
      useCart.getState().reconcile(lines.map((l) => ({ ...l, price: l.price ?? undefined })));
    })
    .catch((error) => console.error("Failed to check cart items", error));
  lastCheck = { at: now, promise };
  return promise;
}
