import "server-only";
import type { MetadataRoute } from "next";
import { sitemapUrls } from "@/lib/seo/sitemap";
import { env } from "@/lib/env";

/**
 * Crawlers may read the catalogue and pages; not the admin, the API, the
 * cart, checkout and order confirmation (private to a shopper, and noindex
 * anyway), nor search results (endless URL variants of pages listed in the
 * sitemap). `*` and `$` follow Google's robots.txt matching.
 */
export const DISALLOWED_PATHS = ["/admin", "/api", "/cart", "/checkout", "/order-confirmation", "/shop?search=", "/*?search=", "/*&search="] as const;

export async function robotsRules(): Promise<MetadataRoute.Robots> {
  // A Vercel preview: nothing to crawl (every page says noindex too).
  if (env.VERCEL_ENV === "preview") return { rules: [{ userAgent: "*", disallow: "/" }] };
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] }],
    sitemap: await sitemapUrls(),
  };
}
