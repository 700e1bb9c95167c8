"use client";

import { CART_MESSAGES, MAX_CHECK_LINES } from "@/lib/cart/messages";
import { useCart } from "@/lib/cart/store";
import { postCartCheck } from "@/components/cart/cart-api";

/**
 * After a 409 at checkout: flags the pieces the server named as sold, then asks
 * the server for current prices and availability of every line. A changed price
 * changes the cart, which prepares the payment again with the new total.
 */
export async function recheckCart(soldIds: number[] = []): Promise<void> {
  const cart = useCart.getState();
  if (soldIds.length) cart.reconcile(soldIds.map((productId) => ({ productId, unavailable: CART_MESSAGES.lineSold })));
  const items = useCart.getState().cartItems;
  if (items.length === 0) return;
  try {
    const lines = await postCartCheck(items.slice(0, MAX_CHECK_LINES).map((i) => ({ productId: i.productId, quantity: i.quantity })));
    const sold = new Set(soldIds);
    useCart.getState().reconcile(
      lines.map((l) => ({
        productId: l.productId,
        price: l.price ?? undefined,
        // Keep the server's "sold" verdict from the 409 even if the check raced it.
        unavailable: l.unavailable ?? (sold.has(l.productId) ? CART_MESSAGES.lineSold : null),
      })),
    );
  } catch (error) {
    console.error("Failed to re-check the cart", error);
  }
}
