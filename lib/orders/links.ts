import "server-only";
import { env } from "@/lib/env";

/** The shop's public origin for links in emails. */
export function shopOrigin(): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The public "Track your order" page, prefilled with the order number (the shopper still types their email). */
export function orderStatusUrl(orderNumber: string): string {
  return `${shopOrigin()}/order-status?order=${encodeURIComponent(orderNumber)}`;
}
