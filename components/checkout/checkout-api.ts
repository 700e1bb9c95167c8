"use client";

import type { ShippingAddress } from "@/lib/checkout/schemas";
import { requestJson } from "@/components/api/request-json";
import { saveOrderReceipt } from "@/components/checkout/order-receipt";
import type { TaxLine } from "@/lib/tax/display";
import type { ShippingOptionsDTO } from "@/lib/shipping/rules";

/**
 * The browser's checkout calls (spec §7, the server contract). Plain fetch,
 * JSON bodies, credentials sent. A non-OK response becomes an ApiRequestError
 * carrying the status, the server's message (else "status: body text", spec §8)
 * and the parsed body (fields, unavailable ids).
 */

/** "gift_card": gift cards pay the whole order, no card payment. */
export type PaymentProviderName = "test" | "stripe" | "gift_card";

export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  provider: PaymentProviderName;
  checkoutId: string | number;
  subtotal: string;
  shipping: string;
  /** Taken off by the discount code ("0.00" without one). */
  discount: string;
  discountCode: string | null;
  /** Paid by the gift cards, and what is left for the card. */
  giftCardAmount: string;
  cardAmount: string;
  /** The sales tax for the shipping address (lib/tax: "0.00" in estimate mode), by jurisdiction; in `total`. */
  tax: string;
  taxLines: TaxLine[];
  total: string;
};

export type PaymentIntentRequest = {
  sessionId: string;
  items: Array<{ productId: number; variantId?: number | null; quantity: number }>;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  newsletter?: boolean;
  shippingAddress: ShippingAddress;
  /** The discount code the server priced (POST /api/discount-codes/check); it prices it again. */
  discountCode?: string;
  /** Gift card codes, in the order they pay. */
  giftCards?: string[];
  /** Cents the page shows before tax (subtotal + shipping - discount); the server re-prices and answers 409 if it differs, and adds the tax. */
  amount: number;
  giftRecipientEmail?: string;
  /** Collected at the workshop (local pickup), else shipped. */
  shippingMethod?: "ship" | "pickup";
  /** The shipping option the shopper chose (POST /api/shipping/rates `id`): priced again by the server. */
  shippingRate?: string;
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
  items: Array<{ productId: number; variantId?: number | null; quantity: number; price: string; total: string }>;
  subtotal: string;
  shipping: string;
  shippingService: string;
  tax: string;
  total: string;
  newsletter: boolean;
};

export type OrderResponse = { orderNumber: string; order?: unknown };

export function createPaymentIntent(body: PaymentIntentRequest, signal?: AbortSignal) {
  return requestJson<PaymentIntentResponse>("POST", "/api/create-payment-intent", { body, signal });
}

/** Test provider only: the browser half of "confirm card payment". */
export function confirmTestPayment(clientSecret: string, card: TestCardPayload) {
  return requestJson<{ status: string; paymentIntentId: string; declined?: boolean; message?: string }>("POST", "/api/payments/test/confirm", { body: { clientSecret, card } });
}

export function createOrder(payload: OrderPayload | ({ paymentIntentId: string } & Partial<OrderPayload>)) {
  return requestJson<OrderResponse>("POST", "/api/orders", { body: payload }).then((placed) => {
    // The order's lines and statement, for the confirmation page (given only to the browser that paid).
    if (placed.order) saveOrderReceipt(placed.order);
    return placed;
  });
}

/** The ways this cart can reach this address (lib/shipping): the zone's rate, the carrier's cheapest few, local pickup. */
export function fetchShippingRates(body: { items: PaymentIntentRequest["items"]; shippingAddress: ShippingAddress }, signal?: AbortSignal) {
  return requestJson<ShippingOptionsDTO>("POST", "/api/shipping/rates", { body, signal });
}
