/**
 * Shop settings for stock and lead times, kept apart from
 * lib/site.ts: that module is in every page's first-load JavaScript, and these
 * are read by the server, the admin form and the checkout only (a change is a
 * deploy, like the shipping rates in lib/checkout/pricing.ts). Days are
 * working days.
 */
/** Working days from order to hand-over to USPS for a ready-to-ship product (one-of-a-kind or in stock). */
export const HANDLING_DAYS = { min: 1, max: 2 } as const;
/** The lead time of a made-to-order product that has none of its own (every non-unique product from before lead times and promises). */
export const DEFAULT_LEAD_TIME_DAYS = { min: 10, max: 15 } as const;
/** The card and product page say "Only N left" from this count down. */
export const FEW_LEFT = 5;
/**
 * The dashboard lists counted products and variants at or below the shop's low-stock threshold: a
 * setting the admin edits on the dashboard (ShopSettings, lib/catalog/settings-service.ts), this
 * until it is first saved.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
export const MAX_LOW_STOCK_THRESHOLD = 1000;
