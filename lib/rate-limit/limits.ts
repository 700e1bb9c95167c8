import { env } from "@/lib/env";

/**
 * Every public write's limit, per client address, in one table: generous for
 * a shopper, tight for a script. Each can be overridden with its
 * RATE_LIMIT_<NAME> variable ("5/1h"), and RATE_LIMIT_SCALE multiplies them
 * all (test suites that are not about limits raise it). Sign-in throttling
 * (lib/auth/throttle.ts) is separate and never scaled.
 */
export const PUBLIC_LIMITS = {
  contact: { points: 5, seconds: 3600, override: env.RATE_LIMIT_CONTACT },
  newsletter: { points: 5, seconds: 3600, override: env.RATE_LIMIT_NEWSLETTER },
  forgotPassword: { points: 5, seconds: 3600, override: env.RATE_LIMIT_FORGOT_PASSWORD },
  paymentIntent: { points: 40, seconds: 3600, override: env.RATE_LIMIT_PAYMENT_INTENT },
  cardConfirm: { points: 20, seconds: 3600, override: env.RATE_LIMIT_CARD_CONFIRM },
  order: { points: 20, seconds: 3600, override: env.RATE_LIMIT_ORDER },
  cart: { points: 40, seconds: 20, override: env.RATE_LIMIT_CART },
  /** The public "Track your order" form: every lookup counts, so order numbers cannot be tried in bulk. */
  orderLookup: { points: 20, seconds: 3600, override: env.RATE_LIMIT_ORDER_LOOKUP },
  /** Review submissions through an emailed link (each link works once anyway). */
  review: { points: 10, seconds: 3600, override: env.RATE_LIMIT_REVIEW },
  /** Commission requests and a shopper's replies in a commission's thread. */
  commission: { points: 10, seconds: 3600, override: env.RATE_LIMIT_COMMISSION },
  /** Discount codes priced for a cart (the cart page and checkout): codes cannot be tried in bulk. */
  discountCode: { points: 30, seconds: 3600, override: env.RATE_LIMIT_DISCOUNT_CODE },
  /** Checkout's delivery options for a cart and address: each may ask the carrier, so a script cannot use the shop as a free rate quoter. */
  shippingRates: { points: 60, seconds: 3600, override: env.RATE_LIMIT_SHIPPING_RATES },
} as const;

export type PublicLimitName = keyof typeof PUBLIC_LIMITS;

/**
 * Emails a public form sends to an address its sender typed, per recipient across every
 * client (the shop is nobody's mail relay): beyond the cap the request is still stored,
 * only the email is not sent. A relay cap, not a courtesy to one client: never scaled.
 */
export const RECIPIENT_LIMITS = {
  /** The commission form's "We received your commission request" email: 3 per address per day. */
  commissionAcknowledgement: { points: 3, seconds: 86_400 },
  /** The newsletter's "Confirm your subscription" email (the footer form, the re-subscribe link): 3 per address per day. */
  newsletterConfirmation: { points: 3, seconds: 86_400 },
} as const;

export type RecipientLimitName = keyof typeof RECIPIENT_LIMITS;

/**
 * Shoppers' photos a client address may send in a day (no sign-in: reviews and commission
 * requests), counted in photos and in bytes: the disk cannot be filled from one address.
 * Scaled by RATE_LIMIT_SCALE like the limits above.
 */
export const PHOTO_LIMITS = {
  /** A buyer reviewing four pieces of an order with 3 photos each. */
  review: { photos: 12, megabytes: 60 },
  /** Three commission requests with 5 reference photos each. */
  commission: { photos: 15, megabytes: 75 },
} as const;

export type PhotoLimitName = keyof typeof PHOTO_LIMITS;

/** The effective daily photo allowance of one client: photos and kilobytes, times RATE_LIMIT_SCALE. */
export function photoLimit(name: PhotoLimitName): { photos: number; kilobytes: number; seconds: number } {
  const { photos, megabytes } = PHOTO_LIMITS[name];
  return { photos: Math.max(1, Math.round(photos * env.RATE_LIMIT_SCALE)), kilobytes: Math.max(1, Math.round(megabytes * 1024 * env.RATE_LIMIT_SCALE)), seconds: 86_400 };
}

/** The effective limit: the override or the default, times RATE_LIMIT_SCALE. */
export function publicLimit(name: PublicLimitName): { points: number; seconds: number } {
  const { points, seconds, override } = PUBLIC_LIMITS[name];
  const base = override ?? { points, seconds };
  return { points: Math.max(1, Math.round(base.points * env.RATE_LIMIT_SCALE)), seconds: base.seconds };
}
