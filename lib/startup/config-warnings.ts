import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export const SITE_URL_WARNING =
  "SITE_URL is not set: links in emails, canonical URLs and the sitemap name http://localhost, and admin session cookies are Secure only when a trusted proxy (TRUST_PROXY) reports X-Forwarded-Proto: https. Set SITE_URL to the shop's public address, e.g. https://shop.example.com.";

/** Configuration a production server starts with but should not: warned once at start (lib/startup/register-node.ts). */
export function warnAboutConfiguration(): void {
  if (env.NODE_ENV === "production" && !env.SITE_URL) log.warn(SITE_URL_WARNING);
}
