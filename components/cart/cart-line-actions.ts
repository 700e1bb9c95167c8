"use client";

import { requestJson } from "@/components/api/request-json";
import { useCart } from "@/lib/cart/store";
import type { CartLineRef } from "@/lib/cart/types";
import { existingSessionId } from "@/lib/cart/session-key";
import { inCartOrder } from "@/components/cart/cart-api";

/**
 * Cart changes made from the drawer, the cart page and the checkout summary:
 * the local store changes at once; the server copy follows (spec §7: PUT on a
 * quantity change, DELETE on removal, when a session id exists; failures are
 * only logged; sent one after another in the order made, ./cart-api.ts
 * inCartOrder, and with keepalive so a change under way completes even if the
 * shopper navigates away at once; one still waiting its turn when the tab
 * closes is not sent, and the next page's check reconciles the cart). Apart from ./cart-actions.ts, which every page
 * loads (the cart's check on page load): only the pages and the drawer that
 * change lines load these.
 */

function syncRemoval({ productId, variantId }: CartLineRef) {
  const sessionId = existingSessionId();
  if (!sessionId) return;
  const url = `/api/cart/${encodeURIComponent(sessionId)}/${productId}${variantId ? `?variantId=${variantId}` : ""}`;
  inCartOrder(() => requestJson("DELETE", url, { keepalive: true })).catch((error) => console.error("Failed to remove item from server cart", error));
}

/** Removes a line (a product's, or one variant's of it). */
export function removeCartLine(line: CartLineRef) {
  useCart.getState().removeItem(line.id);
  syncRemoval(line);
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartLineQuantity(ref: CartLineRef, quantity: number) {
  if (quantity <= 0) return removeCartLine(ref);
  useCart.getState().updateQuantity(ref.id, quantity);
  const line = useCart.getState().cartItems.find((i) => i.id === ref.id);
  const sessionId = existingSessionId();
  if (!line || !sessionId) return;
  const body = { sessionId, productId: line.productId, variantId: line.variantId, quantity: line.quantity };
  inCartOrder(() => requestJson("PUT", "/api/cart", { body, keepalive: true })).catch((error) => console.error("Failed to update server cart quantity", error));
}

export function clearCartLines() {
  const lines = useCart.getState().cartItems;
  useCart.getState().clearCart();
  lines.forEach(syncRemoval);
}
