"use client";

import { useCallback, useRef } from "react";
import { useRouter } from "next/navigation";
import { isApiRequestError, requestJson } from "@/components/api/request-json";
import { createOrder, type PaymentIntentResponse } from "@/components/checkout/checkout-api";
import type { PaymentHandle } from "@/components/checkout/payment-handle";
import { savePendingCheckout } from "@/components/checkout/pending-checkout";
import { usePaymentIntent } from "@/components/checkout/use-payment-intent";
import { ORDER_FAILED } from "@/components/checkout/use-place-order";
import { toast } from "@/components/ui/toast";

type Contact = { firstName: string; lastName: string; email: string; phone: string; newsletter: boolean };

/**
 * The payment half of a quote link's page: the authorisation prepared by
 * POST /api/quotes/{token}/payment (priced by the server from the quote), the card confirmed
 * with the shop's provider, then POST /api/orders — the path every order takes. Used by the
 * quote's form (contact, address, card) and by the balance link's (the card only).
 */
export function useQuoteCheckout<R extends object>({ token, enabled, requestKey, buildRequest }: { token: string; enabled: boolean; requestKey: string; buildRequest: () => R }) {
  const router = useRouter();
  const paymentHandle = useRef<PaymentHandle | null>(null);
  const post = useCallback((body: R, signal?: AbortSignal) => requestJson<PaymentIntentResponse>("POST", `/api/quotes/${encodeURIComponent(token)}/payment`, { body, signal }), [token]);
  // Expired, replaced or paid meanwhile (410, 409): the page is rendered again and says which.
  const onConflict = useCallback(() => router.refresh(), [router]);
  const payment = usePaymentIntent({ enabled, requestKey, buildRequest, post, onConflict });

  /** Confirms the card and records the payment; returns the order number, or null when the shopper has been told why not. */
  async function payAndRecord(contact: Contact, opts: { sendContact: boolean }): Promise<string | null> {
    const handle = paymentHandle.current;
    if (!handle) {
      toast.error("Payment failed", { description: "The payment form is not ready yet. Please try again in a moment." });
      return null;
    }
    if (!handle.validate({ focus: true })) return null;
    const intent = await payment.ensureCurrent();
    if (!intent) return null; // the payment card says why
    if (intent.provider === "stripe") savePendingCheckout({ paymentIntentId: intent.paymentIntentId, ...contact, quote: true });
    const outcome = await handle.confirm(intent, { name: `${contact.firstName} ${contact.lastName}`, email: contact.email, phone: contact.phone });
    if (!outcome.ok) {
      if (outcome.prepareAgain) payment.reset();
      return null;
    }
    try {
      const { orderNumber } = await createOrder({ paymentIntentId: outcome.paymentIntentId, clientSecret: intent.clientSecret, ...(opts.sendContact ? contact : {}) });
      return orderNumber;
    } catch (error) {
      if (isApiRequestError(error) && (error.status === 409 || error.status === 402)) {
        // Paid meanwhile in another tab, replaced or withdrawn: the card was released. The page shows the quote's state.
        toast.error(error.status === 409 ? "Order not completed" : "Payment failed", { description: error.message });
        router.refresh();
        return null;
      }
      console.error("Order creation failed", error);
      toast.error(ORDER_FAILED.title, { description: ORDER_FAILED.description });
      return null;
    }
  }

  return { payment, paymentHandle, payAndRecord };
}
