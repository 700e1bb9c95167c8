import { NextResponse, type NextRequest } from "next/server";
import { readSessionToken } from "@/lib/auth/session-cookie";

/** Admin pages anyone may open; every other /admin page needs a session. */
const PUBLIC_ADMIN = new Set(["/admin", "/admin/login", "/admin/reset-password"]);

/** A path that names nothing: malformed percent-encoding, or a NUL byte once decoded. */
function isMalformedPath(pathname: string): boolean {
  try {
    return decodeURIComponent(pathname).includes("\u0000");
  } catch {
    return true;
  }
}

function notFoundPage(req: NextRequest) {
  return NextResponse.rewrite(new URL("/404-not-found", req.url));
}

/**
 * Request guard.
 * - A path with malformed percent-encoding or a NUL byte: the 404 page (`npm start`'s front server
 *   already answers these with a 400 on every route; this covers /admin under `next dev` and other
 *   hosts, the only paths the guard runs for: see `config` below).
 * - /admin/*: no session cookie → /admin/login (pages check the admin again on the server).
 * (/listing/*, the cached route of the storefront's listings and searches, is the 404 page when asked
 * for directly: the front server or next.config.ts's first rewrite answers that, lib/catalog/listing-url.mjs.)
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (isMalformedPath(pathname)) {
    if (pathname === "/api" || pathname.startsWith("/api/")) return NextResponse.json({ message: "Malformed URL path", error: "Malformed URL path" }, { status: 400 });
    return notFoundPage(req);
  }
  if (pathname === "/admin" || pathname.startsWith("/admin/")) {
    if (PUBLIC_ADMIN.has(pathname.replace(/\/$/, "") || "/admin")) return NextResponse.next();
    const token = await readSessionToken(req);
    if (!token?.adminId) return NextResponse.redirect(new URL("/admin/login", req.url));
    return NextResponse.next();
  }
  return NextResponse.next();
}

/**
 * Only the routes that need the guard: every other request skips it (it costs each request it runs for),
 * listings and searches included. Malformed paths on all routes are answered by the front server
 * (server/front-server.mjs) before Next decodes them.
 */
export const config = {
  matcher: ["/admin", "/admin/:path*"],
};
