import { env } from "@/lib/env";

/** Where the shop answers when SITE_URL is not set (README: the default of `npm start`). */
export const DEFAULT_SITE_URL = "http://localhost:3000";

/**
 * The shop's public origin, from SITE_URL: the base of canonical and Open Graph
 * URLs (the root layout's metadataBase), the sitemap, robots.txt and JSON-LD.
 */
export function siteUrl(): URL {
  return new URL(env.SITE_URL ?? DEFAULT_SITE_URL);
}

/** An absolute URL for a path on this site; absolute URLs (remote images) are returned as they are. */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl()).toString();
}
