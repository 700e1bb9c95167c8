"use client";

/**
 * Contact details of a checkout whose card confirmation may leave the page
 * (Stripe redirect-based authentication). The confirmation page sends them with
 * the payment intent id when it finalises the order. Session storage only: they
 * never outlive the tab.
 */
const KEY = "pendingCheckout";

export type PendingCheckout = {
  paymentIntentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  newsletter: boolean;
  /** Paying a commission's quote: the shopper's cart is not what was bought, so it stays. */
  quote?: boolean;
};

export function savePendingCheckout(pending: PendingCheckout): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the server still has the details sent with the payment intent.
  }
}

/** The saved details for this payment intent, if any. */
export function readPendingCheckout(paymentIntentId: string): PendingCheckout | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const data = raw ? (JSON.parse(raw) as Partial<PendingCheckout>) : null;
    return data && data.paymentIntentId === paymentIntentId ? (data as PendingCheckout) : null;
  } catch {
    return null;
  }
}

export function clearPendingCheckout(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
