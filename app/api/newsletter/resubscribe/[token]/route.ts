import { withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";
import { resubscribeByToken } from "@/lib/newsletter/subscriber-service";

/** The unsubscribe page's "Re-subscribe": a new confirmation email (the address confirms anew). */
export const POST = withRoute<{ token: string }>(
  async (req, { params }) => {
    const result = await resubscribeByToken(params.token, clientAddress(req.headers));
    return { ...result, message: result.alreadySubscribed ? "You're subscribed." : "Check your inbox to confirm your subscription." };
  },
  { rateLimit: "newsletter", cacheControl: "no-store" },
);
