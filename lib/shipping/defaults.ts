import type { Cents } from "@/lib/money";

/**
 * Spec §9: free shipping when the goods come to OVER $100 (exactly $100 pays), else a flat $15.99:
 * the default of every zone the shop ships to (lib/shipping/rules.ts DEFAULT_ZONES, the rule itself).
 * Its own module, without imports, so the footer and the hero on every page carry the two figures only.
 */
export const FREE_SHIPPING_THRESHOLD: Cents = 100_00;
export const FLAT_SHIPPING: Cents = 15_99;
