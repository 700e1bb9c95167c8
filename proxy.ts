import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { cachedListingPath, LISTING_PREFIX } from "@/lib/catalog/listing-route";

/** Admin pages anyone may open; every other /admin page needs a session. */
const PUBLIC_ADMIN = new Set(["/admin", "/admin/login", "/admin/reset-password"]);

/**
 * Request guard.
 * - /admin/*: no session cookie → /admin/login (pages check the admin again on the server).
 * - Storefront: listing URLs without a search term are served from their cached
 *   internal route (app/(shop)/listing), which is not reachable directly.
 */
export async function proxy(req: NextRequest) {
  const { pathname, searchParams } = req.nextUrl;
  if (pathname === "/admin" || pathname.startsWith("/admin/")) {
    if (PUBLIC_ADMIN.has(pathname.replace(/\/$/, "") || "/admin")) return NextResponse.next();
    const token = await getToken({ req, secret: authSecret() });
    if (!token?.adminId) return NextResponse.redirect(new URL("/admin/login", req.url));
    return NextResponse.next();
  }
  if (pathname === LISTING_PREFIX || pathname.startsWith(`${LISTING_PREFIX}/`)) {
    return NextResponse.rewrite(new URL("/404-not-found", req.url));
  }
  const cached = cachedListingPath(pathname, searchParams);
  if (cached) {
    const url = req.nextUrl.clone();
    url.pathname = cached;
    url.search = "";
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

export const config = { matcher: ["/shop", "/shop/:slug", "/listing", "/listing/:path*", "/admin", "/admin/:path*"] };
