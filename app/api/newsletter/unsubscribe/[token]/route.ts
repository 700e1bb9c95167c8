import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";
import { mediaType, readRawBody, readTextBody } from "@/lib/net/body";
import { subscriberForToken, unsubscribeByToken } from "@/lib/newsletter/subscriber-service";
import { unsubscribePageUrl } from "@/lib/newsletter/links";

/**
 * The List-Unsubscribe URL of every newsletter (RFC 8058).
 * - POST with the body `List-Unsubscribe=One-Click` (form-encoded, or the same field in
 *   multipart/form-data) unsubscribes at once: no cookie, no page, no redirect. A mail
 *   provider sends it from its own servers (or a webmail page, from its own origin), so it
 *   is exempt from the cross-site guard of public writes (lib/http.ts withRoute); the
 *   unguessable per-subscriber token is the authority.
 * - The token is checked before a byte of the body is read, and the body is read only up to
 *   4 KB whatever its type (multipart included): a stranger's large body to a made-up
 *   token costs nothing.
 * - GET never unsubscribes (link scanners fetch URLs): it leads to the page that does, and offers to re-subscribe.
 */
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";
const BODY_LIMIT = 4096;

async function isOneClickBody(req: Request): Promise<boolean> {
  const type = mediaType(req);
  if (type === "multipart/form-data") {
    const raw = await readRawBody(req, BODY_LIMIT);
    try {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
      return form.get("List-Unsubscribe") === "One-Click";
    } catch {
      return false;
    }
  }
  if (type !== "application/x-www-form-urlencoded" && type !== "") return false;
  return (await readTextBody(req, BODY_LIMIT)).replace(/\r?\n$/, "") === ONE_CLICK_BODY;
}

export const POST = withRoute<{ token: string }>(
  async (req, { params }) => {
    if (!(await subscriberForToken(params.token))) throw new AppError("not_found", "This unsubscribe link is not valid.");
    if (!(await isOneClickBody(req))) throw new AppError("bad_request", `The body must be ${ONE_CLICK_BODY} (RFC 8058).`);
    const result = await unsubscribeByToken(params.token, "one-click (List-Unsubscribe-Post)");
    return { unsubscribed: true, changed: result.changed };
  },
  { cacheControl: "no-store", crossSite: "allow" },
);

export const GET = withRoute<{ token: string }>(async (_req, { params }) => NextResponse.redirect(unsubscribePageUrl(params.token), 303), { cacheControl: "no-store" });
