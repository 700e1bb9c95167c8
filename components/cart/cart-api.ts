"use client";

import { requestJson } from "@/components/api/request-json";
import { SESSION_STORAGE_KEY } from "@/lib/cart/session";

/**
 * The browser's calls to the cart API (spec §7), through requestJson
 * (components/api/request-json.ts: a failure is an ApiRequestError with the server's code). Only the add call reports failure to the shopper; the
 * others keep the server copy in step and only log failures; they are sent
 * with keepalive so they complete even if the shopper navigates away at once.
 */
export type CartCheckLine = { productId: number; variantId?: number; price: string | null; unavailable: string | null; ships?: string | null; shipDays?: { min: number; max: number } | null };

/** The session id if one was already created (removals and quantity changes never create one). */
export function existingSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

type Line = { sessionId: string; productId: number; variantId?: number | null; quantity: number };

export function postCartLine(line: Line) {
  return requestJson<unknown>("POST", "/api/cart", { body: line });
}

export function putCartLine(line: Line) {
  return requestJson<unknown>("PUT", "/api/cart", { body: line, keepalive: true });
}

export function deleteCartLine(sessionId: string, productId: number, variantId?: number | null) {
  return requestJson<unknown>("DELETE", `/api/cart/${encodeURIComponent(sessionId)}/${productId}${variantId ? `?variantId=${variantId}` : ""}`, { keepalive: true });
}

export async function postCartCheck(items: Array<{ productId: number; variantId?: number | null; quantity: number }>): Promise<CartCheckLine[]> {
  const data = await requestJson<{ items?: CartCheckLine[] } | null>("POST", "/api/cart/check", { body: { items } });
  return data?.items ?? [];
}
