import { percentOf, toCents, type Cents } from "@/lib/money";

/** The country orders ship to by default (the checkout form's default; the only one, lib/checkout/schemas.ts SHIPPING_COUNTRIES). */
export const DEFAULT_COUNTRY = "US";

// The default zone's rule only (lib/shipping/defaults.ts): the cart and checkout pages carry no zone tables.
import { DOMESTIC_SERVICE, FLAT_SHIPPING, flatCharge, FREE_SHIPPING_THRESHOLD } from "@/lib/shipping/defaults";

export { FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD };
/** The cart page's estimate (TAX_MODE=estimate, the spec's default); the tax for an address is lib/tax's. */
export const TAX_ESTIMATE_PERCENT = 8;
export const SHIPPING_SERVICE = DOMESTIC_SERVICE;
/** Working days from order to hand-over to USPS for a ready-to-ship product: a shop setting (lib/site.ts). */
export { HANDLING_DAYS } from "@/lib/inventory/stock-settings";
/** Business days USPS Ground Advantage takes within the United States. */
export const TRANSIT_DAYS = { min: 2, max: 5 } as const;

export function qualifiesForFreeShipping(subtotal: Cents): boolean {
  return subtotal > FREE_SHIPPING_THRESHOLD;
}

/**
 * Shipping for a subtotal in the shop's default zone (lib/shipping/rules.ts: the spec's flat rate, free over
 * the threshold); 0 until the shipping address is complete (checkout), as the spec says. The server prices a
 * checkout for its address and parcels (lib/shipping/service.ts priceCheckoutShipping) by the same rule.
 */
export function shippingFor(subtotal: Cents, addressComplete = true): Cents {
  if (!addressComplete) return 0;
  return flatCharge(subtotal, { flatRate: FLAT_SHIPPING, freeOver: FREE_SHIPPING_THRESHOLD });
}

/** "Add $X more for free shipping": the amount that takes the subtotal over the threshold (to the next cent). */
export function amountForFreeShipping(subtotal: Cents): Cents {
  return qualifiesForFreeShipping(subtotal) ? 0 : FREE_SHIPPING_THRESHOLD - subtotal + 1;
}

export function estimateTax(subtotal: Cents): Cents {
  return percentOf(subtotal, TAX_ESTIMATE_PERCENT);
}

export function lineTotal(price: Cents, quantity: number): Cents {
  return price * quantity;
}

export function subtotalOf(items: ReadonlyArray<{ price: Cents; quantity: number }>): Cents {
  return items.reduce((sum, item) => sum + lineTotal(item.price, item.quantity), 0);
}

/** A priced line as the cart, checkout and server hold it: decimal price string; lines flagged unavailable do not count; a gift card ships nothing. */
export type TotalsLine = { price: string; quantity: number; unavailable?: string | null; giftCard?: boolean };

export type OrderTotals = {
  subtotal: Cents;
  /** The part of the subtotal that ships (all but gift cards): shipping and the tax estimate are on it. */
  goods: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  addressComplete: boolean;
  freeShipping: boolean;
  /** "Add $X more for free shipping" (0 once free). */
  toFreeShipping: Cents;
};

/**
 * The one order-totals rule (spec §9), in integer cents, used by the cart page,
 * the checkout summary and the server. Subtotal of the lines that can still be
 * bought; shipping free OVER $100 of goods, else flat, and 0 at checkout until the
 * address is complete. Gift cards are emailed, not shipped: they do
 * not count toward the $100, and an order of gift cards alone pays no shipping. Tax is the 8 % estimate on the cart page only
 * (`taxEstimate`, TAX_MODE=estimate), else 0 here: the tax for an address is the
 * server's (lib/tax/service.ts). Client-safe: no server or zod imports.
 */
export function orderTotals(lines: ReadonlyArray<TotalsLine>, opts: { addressComplete?: boolean; taxEstimate?: boolean; shipping?: Cents } = {}): OrderTotals {
  const addressComplete = opts.addressComplete ?? true;
  let subtotal = 0;
  let goods = 0;
  for (const l of lines) {
    if (l.unavailable) continue;
    const amount = lineTotal(toCents(l.price), l.quantity);
    subtotal += amount;
    if (!l.giftCard) goods += amount;
  }
  // The server's price for the address and parcels (lib/shipping), when it has one; else the default zone's.
  const shipping = opts.shipping ?? shippingFor(goods, addressComplete);
  // The cart page's estimate: gift cards are not taxed (lib/tax/rules.ts).
  const tax = opts.taxEstimate ? estimateTax(goods) : 0;
  const nothingShips = subtotal > 0 && goods === 0;
  return {
    subtotal,
    goods,
    shipping,
    tax,
    total: subtotal + shipping + tax,
    addressComplete,
    freeShipping: nothingShips || qualifiesForFreeShipping(goods),
    toFreeShipping: nothingShips ? 0 : amountForFreeShipping(goods),
  };
}
