"use client";

import type { CartErrorCode } from "@/lib/cart/messages";
import { SESSION_STORAGE_KEY } from "@/lib/cart/session";

/**
 * The browser's calls to the cart API (spec §7). Plain fetch, JSON bodies,
 * credentials sent. Only the add call reports failure to the shopper; the
 * others keep the server copy in step and only log failures; they are sent
 * with keepalive so they complete even if the shopper navigates away at once.
 */
export type CartCheckLine = { productId: number; price: string | null; unavailable: string | null };

export class CartRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's reason code (`code` in the JSON body), when it sent one. */
    readonly code: CartErrorCode | null = null,
  ) {
    super(message);
    this.name = "CartRequestError";
  }
}

async function send(method: string, url: string, body?: unknown, keepalive = false): Promise<unknown> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    keepalive,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const body = data as { message?: unknown; code?: unknown } | null;
    const serverMessage = body?.message;
    const code = typeof body?.code === "string" ? (body.code as CartErrorCode) : null;
    throw new CartRequestError(res.status, typeof serverMessage === "string" ? serverMessage : `${res.status}: ${text || res.statusText}`, code);
  }
  return data;
}

/** The session id if one was already created (removals and quantity changes never create one). */
export function existingSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function postCartLine(line: { sessionId: string; productId: number; quantity: number }) {
  return send("POST", "/api/cart", line);
}

export function putCartLine(line: { sessionId: string; productId: number; quantity: number }) {
  return send("PUT", "/api/cart", line, true);
}

export function deleteCartLine(sessionId: string, productId: number) {
  return send("DELETE", `/api/cart/${encodeURIComponent(sessionId)}/${productId}`, undefined, true);
}

export async function postCartCheck(items: Array<{ productId: number; quantity: number }>): Promise<CartCheckLine[]> {
  const data = (await send("POST", "/api/cart/check", { items })) as { items?: CartCheckLine[] } | null;
  return data?.items ?? [];
}
