/**
 * The spec's two shipping figures (defined once in lib/shipping/defaults.ts, the default of every zone),
 * for the footer and the hero on every page, without the totals code.
 */
export { FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD } from "@/lib/shipping/defaults";
