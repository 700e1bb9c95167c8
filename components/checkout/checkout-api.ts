"use client";

import type { ShippingAddress } from "@/lib/checkout/schemas";

/**
 * The browser's checkout calls (spec §7, issue 3 server contract). Plain fetch,
 * JSON bodies, credentials sent. A non-OK response becomes a CheckoutRequestError
 * carrying the status, the server's message (else "status: body text", spec §8)
 * and the parsed body (fields, unavailable ids).
 */

export type PaymentProviderName = "test" | "stripe";

export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  provider: PaymentProviderName;
  checkoutId: string | number;
  subtotal: string;
  shipping: string;
  total: string;
};

export type PaymentIntentRequest = {
  sessionId: string;
  items: Array<{ productId: number; quantity: number }>;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  newsletter?: boolean;
  shippingAddress: ShippingAddress;
  /** Cents the page shows (subtotal + shipping); the server re-prices and answers 409 if it differs. */
  amount: number;
};

export type TestCardPayload = { number: string; expMonth: string; expYear: string; cvc: string };

export type OrderPayload = {
  paymentIntentId: string;
  /** Proves this browser paid: without it the server changes no contact details and returns only the order number. */
  clientSecret?: string;
  orderNumber: string;
  status: "confirmed";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  shippingAddress: ShippingAddress;
  billingAddress: ShippingAddress;
  items: Array<{ productId: number; quantity: number; price: string; total: string }>;
  subtotal: string;
  shipping: string;
  shippingService: string;
  tax: string;
  total: string;
  newsletter: boolean;
};

export type OrderResponse = { orderNumber: string; order?: unknown };

type ErrorBody = { message?: unknown; fields?: unknown; unavailable?: unknown; code?: unknown } | null;

export class CheckoutRequestError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** True when the server sent its own message (rather than a generic status line). */
  readonly hasServerMessage: boolean;

  constructor(status: number, message: string, body: ErrorBody, hasServerMessage: boolean) {
    super(message);
    this.name = "CheckoutRequestError";
    this.status = status;
    this.body = body;
    this.hasServerMessage = hasServerMessage;
  }

  /** Field messages of a 400 ({ fields: { name: message } }). */
  get fields(): Record<string, string> {
    const fields = this.body?.fields;
    if (!fields || typeof fields !== "object") return {};
    return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
  }

  /** Product ids of a 409 that can no longer be bought. */
  get unavailable(): number[] {
    const ids = this.body?.unavailable;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
  }
}

export function isCheckoutRequestError(error: unknown): error is CheckoutRequestError {
  return error instanceof CheckoutRequestError;
}

async function postJson<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const errorBody = data && typeof data === "object" ? (data as ErrorBody) : null;
    const serverMessage = errorBody?.message;
    const hasServerMessage = typeof serverMessage === "string" && serverMessage.length > 0;
    const message = hasServerMessage ? (serverMessage as string) : `${res.status}: ${text || res.statusText}`;
    throw new CheckoutRequestError(res.status, message, errorBody, hasServerMessage);
  }
  return data as T;
}

export function createPaymentIntent(body: PaymentIntentRequest, signal?: AbortSignal) {
  return postJson<PaymentIntentResponse>("/api/create-payment-intent", body, signal);
}

/** Test provider only: the browser half of "confirm card payment". */
export function confirmTestPayment(clientSecret: string, card: TestCardPayload) {
  return postJson<{ status: string; paymentIntentId: string; declined?: boolean; message?: string }>("/api/payments/test/confirm", { clientSecret, card });
}

export function createOrder(payload: OrderPayload | { paymentIntentId: string } & Partial<OrderPayload>) {
  return postJson<OrderResponse>("/api/orders", payload);
}
