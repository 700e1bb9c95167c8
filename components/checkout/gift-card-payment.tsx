"use client";

import { useImperativeHandle } from "react";
import { Gift } from "lucide-react";
import type { PaymentHandle } from "@/components/checkout/payment-handle";

/**
 * The payment step when gift cards pay the whole order: no card form; submitting
 * places the order with the checkout's own payment id (the server takes the cards' balances).
 */
export function GiftCardPayment({ handleRef }: { handleRef: React.Ref<PaymentHandle> }) {
  useImperativeHandle(handleRef, () => ({
    validate: () => true,
    confirm: async (intent) => ({ ok: true, paymentIntentId: intent.paymentIntentId }),
  }));
  return (
    <p role="status" className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm" data-testid="gift-card-payment">
      <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      Your gift cards pay for this whole order. No card is needed.
    </p>
  );
}
