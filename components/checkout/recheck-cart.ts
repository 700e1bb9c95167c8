"use client";

import { CART_MESSAGES } from "@/lib/cart/messages";
import { useCart } from "@/lib/cart/store";
import { postCartCheck } from "@/components/cart/cart-api";
import { checkedLines } from "@/components/cart/cart-actions";
import type { ApiRequestError } from "@/components/api/request-json";
import { toast } from "@/components/ui/toast";

/** A line a 409 names (its `lines`, lib/checkout/service.ts unavailableDetail): which line, named, why, what is left, and the words its cart line shows. */
type RefusedLine = { productId: number; variantId?: number; name: string; code: string; left?: number; message?: string };

function refusedLines(error: ApiRequestError | undefined): RefusedLine[] {
  const lines = (error?.body as { lines?: unknown } | null | undefined)?.lines;
  return Array.isArray(lines) ? lines.filter((l): l is RefusedLine => typeof l?.productId === "number" && typeof l.name === "string") : [];
}

/**
 * A stock refusal at checkout (409: a line asks for more than is left, or its count ran out):
 * a toast naming the product (and variant) and how many are left, never a generic error.
 * True when the error was one.
 */
export function toastStockRefusal(error: ApiRequestError, description: string): boolean {
  const line = refusedLines(error).find((l) => l.code === "short" || l.code === "sold_out");
  if (!line) return false;
  toast.error(line.left ? `Only ${line.left} left of “${line.name}”` : `“${line.name}” is sold out`, { description });
  return true;
}

/**
 * After a 409 at checkout: flags the lines the server named (a piece sold, a count short: "Only 2
 * left.", a line gone), then asks the server for current prices and availability of every line. A
 * changed price changes the cart, which prepares the payment again with the new total.
 */
export async function recheckCart(error?: ApiRequestError): Promise<void> {
  const cart = useCart.getState();
  const refused = refusedLines(error);
  // Without the lines (an older answer), the product ids are pieces sold meanwhile.
  const soldIds = refused.length ? refused.filter((l) => l.code === "sold").map((l) => l.productId) : (error?.unavailable ?? []);
  const flags = refused.length
    ? refused.map((l) => ({ productId: l.productId, variantId: l.variantId, unavailable: l.message ?? CART_MESSAGES.lineGone }))
    : soldIds.map((productId) => ({ productId, unavailable: CART_MESSAGES.lineSold }));
  if (flags.length) cart.reconcile(flags);
  const items = useCart.getState().cartItems;
  if (items.length === 0) return;
  try {
    const lines = await postCartCheck(checkedLines(items));
    const sold = new Set(soldIds);
    useCart.getState().reconcile(
      lines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        price: l.price ?? undefined,
        giftCard: l.giftCard === true,
        // Keep the server's "sold" verdict from the 409 even if the check raced it.
        unavailable: l.unavailable ?? (sold.has(l.productId) && !l.variantId ? CART_MESSAGES.lineSold : null),
      })),
    );
  } catch (error) {
    console.error("Failed to re-check the cart", error);
  }
}
