import { withRoute } from "@/lib/http";
import { readRawBody, WEBHOOK_BODY_LIMIT } from "@/lib/net/body";
import { handleCarrierEvent, verifyCarrierWebhook } from "@/lib/orders/tracking-service";

export const dynamic = "force-dynamic";

/**
 * EasyPost's webhook endpoint (tracking updates of the labels the shop bought); without EASYPOST_API_KEY and
 * EASYPOST_WEBHOOK_SECRET it does not exist. Forged, malformed or stale: 400; a replay: 409; nothing changes.
 */
export const POST = withRoute(
  async (req) => {
    // The bytes as sent: the signature is over them.
    const event = verifyCarrierWebhook(await readRawBody(req, WEBHOOK_BODY_LIMIT), req.headers);
    return handleCarrierEvent(event);
  },
  { cacheControl: "no-store", crossSite: "allow" },
);
