import "server-only";
import { shopOrigin } from "@/lib/net/origin";

export { shopOrigin };

/** The public "Track your order" page, prefilled with the order number (the shopper still types their email). */
export function orderStatusUrl(orderNumber: string): string {
  return `${shopOrigin()}/order-status?order=${encodeURIComponent(orderNumber)}`;
}
