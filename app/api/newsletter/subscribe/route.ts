import { subscribeToNewsletter } from "@/lib/content/service";
import { readJson, withRoute } from "@/lib/http";
import { newsletterSchema } from "@/lib/content/schemas";
import { clientAddress } from "@/lib/net/client-address";

/** The footer form: a pending subscriber and a confirmation email (double opt-in, issue 28). */
export const POST = withRoute(async (req) => {
  const result = await subscribeToNewsletter(await readJson(req, newsletterSchema), clientAddress(req.headers));
  const message = result.alreadySubscribed ? "You're already subscribed." : "Check your inbox to confirm your subscription.";
  return { message, ...result };
}, { rateLimit: "newsletter" });
