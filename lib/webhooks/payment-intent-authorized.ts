import "server-only";
import type Stripe from "stripe";
import { finalizeOrder } from "@/lib/checkout/service";
import { isAppError } from "@/lib/errors";

/**
 * payment_intent.amount_capturable_updated / payment_intent.succeeded: the
 * card is authorised. If the browser never came back, this creates the order
 * (finalizeOrder is idempotent, so a browser that did come back changes nothing).
 */
export async function handlePaymentIntentAuthorized(event: Stripe.Event) {
  const intent = event.data.object as Stripe.PaymentIntent;
  try {
    await finalizeOrder(intent.id);
  } catch (error) {
    // A checkout that cannot become an order (piece sold, prices changed) was already voided and marked failed.
    if (isAppError(error) && ["conflict", "not_found", "bad_request", "payment_required"].includes(error.code)) return;
    throw error;
  }
}
