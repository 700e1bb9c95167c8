import { subscribeToNewsletter } from "@/lib/content/service";
import { readJson, withRoute } from "@/lib/http";
import { newsletterSchema } from "@/lib/content/schemas";

export const POST = withRoute(async (req) => {
  const result = await subscribeToNewsletter(await readJson(req, newsletterSchema));
  return { message: result.alreadySubscribed ? "You're already subscribed." : "Successfully subscribed.", ...result };
}, { rateLimit: "newsletter" });
