import { subscribeToNewsletter } from "@/lib/content/service";
import { readJson, withRoute } from "@/lib/http";
import { newsletterSchema } from "@/lib/content/schemas";
import { clientAddress } from "@/lib/net/client-address";

/**
 * The footer form: a pending subscriber and a confirmation email (double opt-in).
 * Every address gets the same answer, new, pending, confirmed or suppressed alike, so the
 * form never tells a stranger who is on the list (lib/newsletter/subscriber-service.ts).
 */
export const POST = withRoute(
  async (req) => {
    await subscribeToNewsletter(await readJson(req, newsletterSchema), clientAddress(req.headers));
    return { message: "Check your inbox to confirm your subscription.", subscribed: false, pending: true, alreadySubscribed: false };
  },
  { rateLimit: "newsletter" },
);
