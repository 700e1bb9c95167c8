import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";
import { mediaType, readRawBody } from "@/lib/net/body";
import { subscriberForToken, unsubscribeByToken } from "@/lib/newsletter/subscriber-service";
import { unsubscribePageUrl } from "@/lib/newsletter/links";

/**
 * The List-Unsubscribe URL of every newsletter (RFC 8058).
 * - POST with the body `List-Unsubscribe=One-Click` (form-encoded, or the same field in
 *   multipart/form-data) unsubscribes at once: no cookie, no page, no redirect. A mail
 *   provider sends it from its own servers, so it is public by design, like every
 *   non-admin route (the same-origin guard covers admin writes only, lib/http.ts
 *   withAdminRoute); the unguessable per-subscriber token is the authority.
 * - GET never unsubscribes (link scanners fetch URLs): it leads to the page that does, and offers to re-subscribe.
 */
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";
const BODY_LIMIT = 4096;

/** Read only after the token is known to be valid, and never more than 4 KB whatever the content type. */
async function isOneClickBody(req: Request): Promise<boolean> {
  const type = mediaType(req);
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded" && type !== "") return false;
  const raw = await readRawBody(req, BODY_LIMIT);
  if (type === "multipart/form-data") {
    try {
      // The multipart body is already in hand and bounded: parsing it reads nothing more from the client.
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
      return form.get("List-Unsubscribe") === "One-Click";
    } catch {
      return false;
    }
  }
  return raw.toString("utf8").replace(/\r?\n$/, "") === ONE_CLICK_BODY;
}

export const POST = withRoute<{ token: string }>(async (req, { params }) => {
  // The token first: a request with a bad token is answered before a byte of its body is read.
  if (!(await subscriberForToken(params.token))) throw new AppError("not_found", "This unsubscribe link is not valid.");
  if (!(await isOneClickBody(req))) throw new AppError("bad_request", `The body must be ${ONE_CLICK_BODY} (RFC 8058).`);
  const result = await unsubscribeByToken(params.token, "one-click (List-Unsubscribe-Post)");
  return { unsubscribed: true, changed: result.changed };
}, { cacheControl: "no-store" });

export const GET = withRoute<{ token: string }>(async (_req, { params }) => NextResponse.redirect(unsubscribePageUrl(params.token), 303), { cacheControl: "no-store" });
