import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { getListingPageCounts } from "@/lib/catalog/queries";
import { cachedListingPath, cachedSearchPath, LISTING_PREFIX, listingSlug } from "@/lib/catalog/listing-route";
import { noteSearch } from "@/lib/catalog/popular-searches";
import { normalizeSearch } from "@/lib/catalog/rules";

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
 *   already answers these with a 400 on every route; this covers `next dev` and other hosts).
 * - /admin/*: no session cookie → /admin/login (pages check the admin again on the server).
 * - Storefront searches (/shop and /shop/{category} with ?search=): results for a term searched before
 *   on this instance are served from their cached internal route (app/(shop)/listing), which is not
 *   reachable directly (its first search, and any one-off term, renders on demand and adds nothing to
 *   the cache). Listings without a search term never get here: next.config.ts rewrites them to their
 *   cached route (lib/catalog/listing-rewrites.ts), which costs far less than running this guard.
 */
export async function proxy(req: NextRequest) {
  const { pathname, searchParams } = req.nextUrl;
  if (isMalformedPath(pathname)) {
    if (pathname === "/api" || pathname.startsWith("/api/")) return NextResponse.json({ message: "Malformed URL path", error: "Malformed URL path" }, { status: 400 });
    return notFoundPage(req);
  }
  if (pathname === "/admin" || pathname.startsWith("/admin/")) {
    if (PUBLIC_ADMIN.has(pathname.replace(/\/$/, "") || "/admin")) return NextResponse.next();
    const token = await getToken({ req, secret: authSecret() });
    if (!token?.adminId) return NextResponse.redirect(new URL("/admin/login", req.url));
    return NextResponse.next();
  }
  if (pathname === LISTING_PREFIX || pathname.startsWith(`${LISTING_PREFIX}/`)) return notFoundPage(req);
  if (listingSlug(pathname) === undefined) return NextResponse.next();
  const search = normalizeSearch(searchParams.get("search"));
  if (search && !noteSearch(search)) return NextResponse.next();
  const pages = await getListingPageCounts();
  const cached = search ? cachedSearchPath(pathname, searchParams, pages) : cachedListingPath(pathname, searchParams, pages);
  if (cached) {
    const url = req.nextUrl.clone();
    url.pathname = cached;
    url.search = "";
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

/**
 * Only the routes that need the guard: every other request skips it (it costs each request it runs for).
 * Listings run it only with a search term. Malformed paths on all routes are answered by the front
 * server (scripts/next-server.mjs) before Next decodes them.
 */
export const config = {
  matcher: [
    { source: "/shop", has: [{ type: "query", key: "search" }] },
    { source: "/shop/:path*", has: [{ type: "query", key: "search" }] },
    "/listing",
    "/listing/:path*",
    "/admin",
    "/admin/:path*",
  ],
};
