import "server-only";
import { env } from "@/lib/env";

/** The shop's public origin for links in emails: every domain's links (orders, reviews, commissions, newsletter) start here. */
export function shopOrigin(): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
