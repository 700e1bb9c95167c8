import "server-only";
import type Stripe from "stripe";
import { settleCaptureOfIntent } from "@/lib/checkout/capture-service";
import { markCheckoutClosed } from "@/lib/checkout/service";

/** payment_intent.canceled: the authorisation is gone, so the checkout is closed (a declined card keeps it open for another try) and an order waiting for its capture's outcome is marked failed. */
export async function handlePaymentIntentCanceled(event: Stripe.Event) {
  const intent = event.data.object as Stripe.PaymentIntent;
  await markCheckoutClosed(intent.id, "cancelled", "The payment was cancelled. You have not been charged.");
  await settleCaptureOfIntent(intent.id);
}
