"use client";

import { requestJson } from "@/components/api/request-json";

/**
 * The browser's calls to the cart API (spec §7) that every page may make, through requestJson
 * (components/api/request-json.ts: a failure is an ApiRequestError with the server's code): adding a line
 * (which reports failure to the shopper) and the check. Quantity changes and removals are in
 * ./cart-line-actions.ts.
 */
export type CartCheckLine = {
  productId: number;
  variantId?: number;
  price: string | null;
  unavailable: string | null;
  ships?: string | null;
  shipDays?: { min: number; max: number } | null;
  giftCard?: boolean;
};

type Line = { sessionId: string; productId: number; variantId?: number | null; quantity: number };

let queueTail: Promise<unknown> = Promise.resolve();

/**
 * Sends the server cart's changes one after another, in the order the shopper made them: sent side
 * by side, a quantity change could reach the server after the removal that followed it and put the
 * line back (PUT creates a missing line). A failed change does not stop the ones after it.
 */
export function inCartOrder<T>(send: () => Promise<T>): Promise<T> {
  const result = queueTail.then(send);
  queueTail = result.catch(() => undefined);
  return result;
}

export function postCartLine(line: Line) {
  return inCartOrder(() => requestJson<unknown>("POST", "/api/cart", { body: line }));
}

export async function postCartCheck(items: Array<{ productId: number; variantId?: number | null; quantity: number }>): Promise<CartCheckLine[]> {
  const data = await requestJson<{ items?: CartCheckLine[] } | null>("POST", "/api/cart/check", { body: { items } });
  return data?.items ?? [];
}
