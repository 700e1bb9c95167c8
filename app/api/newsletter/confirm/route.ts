import { z } from "zod";
import { readJson, withRoute } from "@/lib/http";
import { clientAddress } from "@/lib/net/client-address";
import { confirmSubscription } from "@/lib/newsletter/subscriber-service";

const schema = z.object({ token: z.string().min(1).max(2000) }, { message: "Request body must be a JSON object" });

/** The confirmation page's button: the signed link's token confirms a pending subscriber (double opt-in). */
export const POST = withRoute(
  async (req) => {
    const { token } = await readJson(req, schema);
    return confirmSubscription(token, { ip: clientAddress(req.headers) });
  },
  { rateLimit: "newsletter", cacheControl: "no-store" },
);
