"use client";

import { useEffect, useImperativeHandle, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
// The "pure" entry adds Stripe.js to the page only when loadStripe() is called, i.e. only with the stripe provider.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { Appearance, Stripe } from "@stripe/stripe-js";
import { toast } from "@/components/ui/toast";
import type { PaymentHandle } from "@/components/checkout/payment-handle";

let stripePromise: { key: string; promise: Promise<Stripe | null> } | null = null;

/** Stripe.js, loaded once per key; null when it cannot be loaded (offline, blocked). */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  if (stripePromise?.key !== publishableKey) {
    const promise = loadStripe(publishableKey).catch((error: unknown) => {
      console.error("Stripe.js failed to load", error);
      return null;
    });
    stripePromise = { key: publishableKey, promise };
  }
  return stripePromise.promise;
}

const LOAD_FAILED = "The card form could not be loaded. Check your connection and reload the page.";

const appearance: Appearance = {
  theme: "stripe",
  variables: { colorPrimary: "#7a4a24", borderRadius: "6px", fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
};

/** Statuses that mean the card is authorised (manual capture) or on its way. */
const CONFIRMED = new Set(["requires_capture", "succeeded", "processing"]);

type Props = { publishableKey: string; clientSecret: string; handleRef: React.Ref<PaymentHandle> };

/** Stripe's Payment Element for the intent's client secret (spec §7: confirm in the browser, redirect only if required). */
export default function StripePaymentForm({ publishableKey, clientSecret, handleRef }: Props) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void getStripe(publishableKey).then((stripe) => {
      if (live && !stripe) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (unavailable) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {LOAD_FAILED}
      </p>
    );
  }
  return (
    // A new client secret means a new intent: Elements cannot switch intents, so it remounts.
    <Elements key={clientSecret} stripe={getStripe(publishableKey)} options={{ clientSecret, appearance }}>
      <StripeFields clientSecret={clientSecret} handleRef={handleRef} />
    </Elements>
  );
}

function StripeFields({ clientSecret, handleRef }: { clientSecret: string; handleRef: React.Ref<PaymentHandle> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [loadError, setLoadError] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      validate: () => true, // the Payment Element shows its own inline messages on confirm
      async confirm(intent, billing) {
        if (!stripe || !elements) {
          toast.error("Payment failed", { description: "The payment form is still loading. Please try again in a moment." });
          return { ok: false };
        }
        if (intent.clientSecret !== clientSecret) {
          // The server replaced the intent (the order changed): the element remounts for the new one.
          toast.error("Payment failed", { description: "Your order changed. Please check your card details and try again." });
          return { ok: false };
        }
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          confirmParams: {
            return_url: `${window.location.origin}/order-confirmation`,
            payment_method_data: { billing_details: { name: billing.name, email: billing.email, phone: billing.phone || undefined } },
          },
          redirect: "if_required",
        });
        if (error) {
          // Validation errors are shown inside the element; everything else gets the spec's toast.
          if (error.type !== "validation_error") toast.error("Payment failed", { description: error.message ?? "Your payment could not be processed." });
          return { ok: false };
        }
        if (paymentIntent && CONFIRMED.has(paymentIntent.status)) return { ok: true, paymentIntentId: paymentIntent.id };
        toast.error("Payment failed", { description: "Your payment was not completed. Please try again." });
        return { ok: false };
      },
    }),
    [stripe, elements, clientSecret],
  );

  return (
    <div data-testid="stripe-payment-form">
      <PaymentElement
        options={{ layout: "tabs", fields: { billingDetails: { name: "never", email: "never" } } }}
        onLoadError={(event) => {
          console.error("Stripe Payment Element failed to load", event.error);
          setLoadError(LOAD_FAILED);
        }}
      />
      {loadError && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {loadError}
        </p>
      )}
    </div>
  );
}
