import { z } from "zod";
import { subscribeToNewsletter } from "@/lib/content/service";
import { readJson, withRoute } from "@/lib/http";

export const POST = withRoute(async (req) => {
  const result = await subscribeToNewsletter(await readJson(req, z.unknown()));
  return { message: result.alreadySubscribed ? "You're already subscribed." : "Successfully subscribed.", ...result };
}, { rateLimit: "newsletter" });
