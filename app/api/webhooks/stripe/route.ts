import { withRoute } from "@/lib/http";
import { readTextBody, WEBHOOK_BODY_LIMIT } from "@/lib/net/body";
import { handleStripeEvent, verifyStripeEvent } from "@/lib/webhooks/service";

/** Stripe webhooks: the raw body (at most 1 MB) has its signature checked before anything else. */
export const POST = withRoute(
  async (req) => {
    const event = verifyStripeEvent(await readTextBody(req, WEBHOOK_BODY_LIMIT), req.headers.get("stripe-signature"));
    return handleStripeEvent(event);
  },
  { crossSite: "allow" },
);
