import type { Cents } from "@/lib/money";

/**
 * Spec §9: free shipping when the goods come to OVER $100 (exactly $100 pays), else a flat $15.99:
 * the default of every zone the shop ships to (lib/shipping/rules.ts DEFAULT_ZONES, the rule itself).
 * Its own module, without imports, so the footer and the hero on every page carry the two figures only,
 * and the cart and checkout pages the default zone's flat rule without the zones (lib/shipping/rules.ts).
 */
export const FREE_SHIPPING_THRESHOLD: Cents = 100_00;
export const FLAT_SHIPPING: Cents = 15_99;

/** The service an order records (spec §7: USPS Ground Advantage within the US). */
export const DOMESTIC_SERVICE = "USPS_GROUND_ADVANTAGE";

/** The flat rule: nothing for nothing shipped, free OVER the threshold, else the flat rate. */
export function flatCharge(goods: Cents, rule: { flatRate: Cents; freeOver: Cents | null }): Cents {
  if (goods <= 0) return 0;
  return rule.freeOver !== null && goods > rule.freeOver ? 0 : rule.flatRate;
}
