"use client";

import dynamic from "next/dynamic";
import { AlertCircle, Loader2, Lock, MapPin, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatMoney, type Cents } from "@/lib/money";
import { BLOCKED_CHECKOUT_MESSAGE } from "@/components/cart/cart-checkout-button";
import { CheckoutSection } from "@/components/checkout/form-field";
import type { PaymentHandle } from "@/components/checkout/payment-handle";
import { GiftCardPayment } from "@/components/checkout/gift-card-payment";
import { TestCardForm } from "@/components/checkout/test-card-form";
import type { PaymentIntentState } from "@/components/checkout/use-payment-intent";

export const ADDRESS_FIRST_MESSAGE = "Please complete your shipping address to proceed with payment.";
export const PREPARING_MESSAGE = "Preparing payment...";
/** Instead of "Preparing payment..." for ever: no payment is prepared for an address the carrier refuses. */
export const ADDRESS_REJECTED_MESSAGE = "Correct the shipping address above to pay: the carrier cannot deliver to it.";
export const PREPARE_FAILED_MESSAGE = "Payment could not be prepared.";

const PROVIDER_NOTE = {
  none: "Pay by card once your address is in.",
  test: "Pay by card.",
  stripe: "Card payment, processed securely by Stripe.",
  gift_card: "Paid by gift cards.",
} as const;

// Stripe's code is only downloaded when the stripe provider is in use.
const StripePaymentForm = dynamic(() => import("@/components/checkout/stripe-payment-form"), {
  ssr: false,
  loading: () => <Notice icon="spinner">Loading secure card form...</Notice>,
});

type PaymentCardProps = {
  state: PaymentIntentState;
  /** A cart line can no longer be bought. */
  blocked: boolean;
  addressComplete: boolean;
  /** The carrier refused the shipping address (its message is on the address field): nothing to pay until it is corrected. */
  addressRejected?: boolean;
  submitting: boolean;
  total: Cents;
  publishableKey: string | null;
  handleRef: React.Ref<PaymentHandle>;
  onRetry: () => void;
  /** Its number among the form's steps (3 after contact and shipping); none when the card is all there is to fill in. */
  step?: number | null;
};

function Notice({ icon, tone = "muted", children }: { icon: "spinner" | "address" | "alert"; tone?: "muted" | "error"; children: React.ReactNode }) {
  const Icon = icon === "spinner" ? Loader2 : icon === "address" ? MapPin : AlertCircle;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
          : "flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm text-muted-foreground"
      }
    >
      <Icon aria-hidden="true" className={icon === "spinner" ? "mt-0.5 size-4 shrink-0 animate-spin" : "mt-0.5 size-4 shrink-0"} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** Spec §4 checkout states, then the provider's card form and the pay button. */
export function PaymentCard({ state, blocked, addressComplete, addressRejected = false, submitting, total, publishableKey, handleRef, onRetry, step = 3 }: PaymentCardProps) {
  const intent = state.intent;
  const refreshing = state.status === "loading";

  let body: React.ReactNode;
  if (blocked) {
    body = (
      <Notice icon="alert" tone="error">
        {BLOCKED_CHECKOUT_MESSAGE}
      </Notice>
    );
  } else if (!addressComplete) {
    body = <Notice icon="address">{ADDRESS_FIRST_MESSAGE}</Notice>;
  } else if (addressRejected) {
    body = (
      <Notice icon="address" tone="error">
        {ADDRESS_REJECTED_MESSAGE}
      </Notice>
    );
  } else if (state.status === "conflict") {
    body = (
      <Notice icon="alert" tone="error">
        <p data-testid="payment-conflict">{state.message}</p>
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </Notice>
    );
  } else if (state.status === "error") {
    body = (
      <Notice icon="alert" tone="error">
        <p>{PREPARE_FAILED_MESSAGE}</p>
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      </Notice>
    );
  } else if (!intent) {
    body = <Notice icon="spinner">{PREPARING_MESSAGE}</Notice>;
  } else {
    body = (
      <div className="flex flex-col gap-5">
        {intent.provider === "gift_card" ? (
          <GiftCardPayment handleRef={handleRef} />
        ) : intent.provider === "stripe" ? (
          publishableKey ? (
            <StripePaymentForm publishableKey={publishableKey} clientSecret={intent.clientSecret} handleRef={handleRef} />
          ) : (
            <Notice icon="alert" tone="error">
              Card payments are not configured. Please contact the shop.
            </Notice>
          )
        ) : (
          <TestCardForm handleRef={handleRef} disabled={submitting} />
        )}
        <Button type="submit" size="lg" disabled={submitting || refreshing} className="h-12 w-full text-base" data-testid="pay-button">
          {submitting || refreshing ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
          {submitting ? "Processing..." : refreshing ? "Updating total..." : intent.provider === "gift_card" ? "Place order" : `Pay ${formatMoney(total)}`}
        </Button>
        {intent.provider !== "gift_card" && <p className="text-center text-xs text-muted-foreground">Your card is only authorised now and charged once your order is confirmed.</p>}
      </div>
    );
  }

  return (
    <CheckoutSection id="payment" step={step ?? undefined} title="Payment" description={PROVIDER_NOTE[intent?.provider ?? "none"]}>
      {body}
    </CheckoutSection>
  );
}
