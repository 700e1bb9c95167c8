import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";
import { readTextBody, WEBHOOK_BODY_LIMIT } from "@/lib/net/body";
import { handleResendEvent, verifyResendWebhook } from "@/lib/newsletter/webhook-service";

export const dynamic = "force-dynamic";

/** Resend's webhook endpoint (bounces and complaints suppress addresses); without RESEND_WEBHOOK_SECRET it does not exist. */
export const POST = withRoute(
  async (req) => {
    const secret = env.RESEND_WEBHOOK_SECRET;
    if (!secret) throw new AppError("not_found", "Not found");
    const body = await readTextBody(req, WEBHOOK_BODY_LIMIT);
    const event = verifyResendWebhook(secret, body, req.headers);
    return { received: true, ...(await handleResendEvent(req.headers.get("svix-id")!, event)) };
  },
  { cacheControl: "no-store", crossSite: "allow" },
);
