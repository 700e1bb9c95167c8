import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";
import { mediaType, readTextBody } from "@/lib/net/body";
import { unsubscribeByToken } from "@/lib/newsletter/subscriber-service";
import { unsubscribePageUrl } from "@/lib/newsletter/links";

/**
 * The List-Unsubscribe URL of every newsletter (RFC 8058).
 * - POST with the body `List-Unsubscribe=One-Click` (form-encoded, or the same field in
 *   multipart/form-data) unsubscribes at once: no cookie, no page, no redirect. A mail
 *   provider sends it from its own servers (or a webmail page, from its own origin), so it
 *   is exempt from the cross-site guard of public writes (lib/http.ts withRoute); the
 *   unguessable per-subscriber token is the authority.
 * - GET never unsubscribes (link scanners fetch URLs): it leads to the page that does, and offers to re-subscribe.
 */
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";
const BODY_LIMIT = 4096;

async function isOneClickBody(req: Request): Promise<boolean> {
  const type = mediaType(req);
  if (type === "multipart/form-data") {
    try {
      const form = await req.formData();
      return form.get("List-Unsubscribe") === "One-Click";
    } catch {
      return false;
    }
  }
  if (type !== "application/x-www-form-urlencoded" && type !== "") return false;
  return (await readTextBody(req, BODY_LIMIT)).replace(/\r?\n$/, "") === ONE_CLICK_BODY;
}

export const POST = withRoute<{ token: string }>(async (req, { params }) => {
  if (!(await isOneClickBody(req))) throw new AppError("bad_request", `The body must be ${ONE_CLICK_BODY} (RFC 8058).`);
  const result = await unsubscribeByToken(params.token, "one-click (List-Unsubscribe-Post)");
  return { unsubscribed: true, changed: result.changed };
}, { cacheControl: "no-store", crossSite: "allow" });

export const GET = withRoute<{ token: string }>(async (_req, { params }) => NextResponse.redirect(unsubscribePageUrl(params.token), 303), { cacheControl: "no-store" });
