import { NextResponse, type NextRequest } from "next/server";
import { cachedListingPath, LISTING_PREFIX } from "@/lib/catalog/listing-route";

/**
 * Request guard. Storefront: listing URLs without a search term are served
 * from their cached internal route (see app/(shop)/listing); that internal
 * route is not reachable directly.
 */
export function proxy(req: NextRequest) {
  const { pathname, searchParams } = req.nextUrl;
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

export const config = { matcher: ["/shop", "/shop/:slug", "/listing", "/listing/:path*"] };
