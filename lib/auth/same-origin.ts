import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * CSRF guard for cookie-authenticated admin writes. A browser attaches the
 * session cookie to cross-site requests it is tricked into sending (SameSite=Lax
 * still lets some through, and "simple" text/plain or form posts need no CORS
 * preflight), so every non-GET/HEAD request authenticated by the cookie must:
 * - come from this site: `Origin` equal to the request's own origin or SITE_URL's
 *   (without `Origin`, `Sec-Fetch-Site: same-origin`), and
 * - carry the body type the route reads (`application/json`, or
 *   `multipart/form-data` for uploads), which a cross-site page cannot send
 *   without a CORS preflight that this app never answers.
 * Bearer-token clients are not checked: a browser never adds that header by itself.
 */
export type AdminWriteBody = "json" | "multipart";

export const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused: admin changes must come from this site.";
export const CONTENT_TYPE_MESSAGES: Record<AdminWriteBody, string> = {
  json: "Admin changes must be sent as JSON (Content-Type: application/json).",
  multipart: "Uploads must be sent as multipart/form-data.",
};
const MEDIA_TYPES: Record<AdminWriteBody, string> = { json: "application/json", multipart: "multipart/form-data" };

const READ_METHODS = new Set(["GET", "HEAD"]);

const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

/** The origins admin writes may come from: the request URL's, and SITE_URL's when set. */
function siteOrigins(req: Request): Set<string> {
  return new Set([originOf(req.url), env.SITE_URL ? originOf(env.SITE_URL) : null].filter((o): o is string => o !== null));
}

/**
 * Same origin: `Origin` is the request URL's or SITE_URL's origin, or its host is the
 * `Host` the browser sent the request to (as Next.js checks server actions; `next start`
 * builds req.url from its own hostname, not from Host). A cross-site page cannot choose
 * the Host of a request that carries this site's cookie.
 */
function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) {
    const normalized = originOf(origin);
    if (normalized === null) return false;
    const host = req.headers.get("host")?.trim().toLowerCase();
    return siteOrigins(req).has(normalized) || (!!host && new URL(normalized).host === host);
  }
  return req.headers.get("sec-fetch-site") === "same-origin";
}

const hasBody = (req: Request) => Number(req.headers.get("content-length") ?? 0) > 0 || req.headers.has("transfer-encoding");

function hasContentType(req: Request, body: AdminWriteBody): boolean {
  const header = req.headers.get("content-type");
  if (header === null) return !hasBody(req); // e.g. a DELETE without a body
  return header.split(";")[0].trim().toLowerCase() === MEDIA_TYPES[body];
}

/**
 * The public writes' rule (every non-GET route of lib/http.ts withRoute unless it opts out):
 * a browser on another site must not be able to make its visitors post our forms (a
 * `no-cors` multipart POST needs no preflight). Refused: an `Origin` that is not this
 * site's (including `null`, a sandboxed frame), or `Sec-Fetch-Site: cross-site`.
 * Allowed: this site's pages, and requests with neither header (API clients, curl, a
 * mail provider's server): a browser always sends `Origin` on a POST.
 */
export const CROSS_SITE_MESSAGE = "Cross-site request refused: this form must be sent from this site.";

export function assertNotCrossSiteWrite(req: Request): void {
  if (READ_METHODS.has(req.method.toUpperCase()) || req.method.toUpperCase() === "OPTIONS") return;
  const crossSite = req.headers.get("sec-fetch-site") === "cross-site";
  if (crossSite || (req.headers.has("origin") && !isSameOrigin(req))) throw new AppError("forbidden", CROSS_SITE_MESSAGE);
}

/** 403 unless a cookie-authenticated admin write is same-origin and of the route's content type (see above). */
export function assertSameOriginWrite(req: Request, body: AdminWriteBody = "json"): void {
  if (READ_METHODS.has(req.method.toUpperCase())) return;
  if (!isSameOrigin(req)) throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
  if (!hasContentType(req, body)) throw new AppError("forbidden", CONTENT_TYPE_MESSAGES[body]);
}
