import type { Cents } from "@/lib/money";

/**
 * The names of the ways an order reaches its shopper, and the few small rules on them the browser needs
 * (the checkout's options, the cart's free-shipping nudge, an order's statement): without imports, so the
 * pages that show them carry none of the zones (lib/shipping/rules.ts re-exports them all).
 */

export const INTERNATIONAL_SERVICE = "USPS_PRIORITY_MAIL_INTERNATIONAL";
export const PICKUP_SERVICE = "LOCAL_PICKUP";

/** A carrier rate's code, as the checkout sends it back and the order records it: "UPS" + "Ground" → "UPS_GROUND", "USPS" + "GroundAdvantage" → "USPS_GROUND_ADVANTAGE". */
export function rateCode(carrier: string, service: string): string {
  return `${carrier}_${service.replace(/([a-z0-9])([A-Z])/g, "$1_$2")}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** What a rate code may look like in a request: the codes this shop writes (rateCode), nothing else. */
export const RATE_CODE = /^[A-Z0-9][A-Z0-9_]{0,79}$/;

const UPPER_WORDS = new Set(["USPS", "UPS", "DHL", "GLS", "LTL"]);

/** A service code as a shopper reads it: "USPS_GROUND_ADVANTAGE" → "USPS Ground Advantage", "FEDEX_FEDEX_HOME_DELIVERY" → "FedEx Home Delivery", "LOCAL_PICKUP" → "Local pickup". */
export function serviceLabel(code: string): string {
  if (code === PICKUP_SERVICE) return "Local pickup";
  const words = code.split("_").filter(Boolean);
  // EasyPost names some services after their carrier again ("FedEx" + "FEDEX_HOME_DELIVERY").
  const deduped = words.filter((w, i) => i === 0 || w !== words[i - 1]);
  return deduped.map((w) => (UPPER_WORDS.has(w) ? w : w === "FEDEX" ? "FedEx" : w.charAt(0) + w.slice(1).toLowerCase())).join(" ");
}

/** A carrier's service as the maker reads it ("USPS" + "GroundAdvantage" → "USPS Ground Advantage"). */
export function carrierServiceLabel(carrier: string, service: string): string {
  return serviceLabel(rateCode(carrier, service));
}

/** "Estimated 3 business days" / "1 business day"; nothing when the carrier gave no estimate. */
export function deliveryEstimate(days: number | null): string | null {
  if (days === null || !Number.isFinite(days) || days < 0) return null;
  return `Estimated ${days} business ${days === 1 ? "day" : "days"}`;
}

/** "Add $X more for free shipping": what takes the goods OVER `freeOver` (to the next cent); 0 when already free or the rule has no threshold. */
export function amountToFreeShipping(goods: Cents, freeOver: Cents | null): Cents {
  if (freeOver === null || goods > freeOver) return 0;
  return freeOver - goods + 1;
}
