import type { Cents } from "@/lib/money";

/**
 * Spec §9: free shipping when the goods come to OVER $100 (exactly $100 pays), else a flat $15.99
 * (the rule itself: lib/checkout/pricing.ts orderTotals). Its own module so the footer and the hero,
 * on every page, carry the two figures and not the totals code.
 */
export const FREE_SHIPPING_THRESHOLD: Cents = 100_00;
export const FLAT_SHIPPING: Cents = 15_99;
