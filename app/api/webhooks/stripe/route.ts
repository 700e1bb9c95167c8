import { withRoute } from "@/lib/http";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/payments/webhooks/dispatch";

/** Stripe webhooks: the signature is checked over the raw body before anything else. */
export const POST = withRoute(async (req) => {
  const event = verifyStripeEvent(await req.text(), req.headers.get("stripe-signature"));
  return handleStripeEvent(event);
});
