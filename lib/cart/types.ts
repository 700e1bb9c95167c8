/**
 * The one shape of a cart line, shared by the server cart (lib/cart/service.ts)
 * and the browser's cart (lib/cart/store.ts): what a shopper sees of a line.
 * Each side adds only how it marks a line that can no longer be bought.
 */
export type CartLineBase = {
  productId: number;
  slug: string;
  name: string;
  /** Unit price, "12.50" (the database's price, re-read on every server answer). */
  price: string;
  image: string | null;
  quantity: number;
  uniqueItem: boolean;
  /** When it ships ("Ships in 1–2 days", "Made to order — ships in 15–20 working days"); absent on lines saved before it was kept. */
  ships?: string | null;
  /** The same in working days, for the order's latest estimate. */
  shipDays?: { min: number; max: number } | null;
  /** The chosen variant of a product with variants ("Size: 8 mm"); absent for a product without. A line is one product and variant. */
  variantId?: number | null;
  variantLabel?: string | null;
  /** A gift card: ships nothing, so it does not count toward shipping (lib/checkout/pricing.ts). */
  giftCard?: boolean;
};

/** A line's key: the product id ("12", as before variants), or the product and variant ("12-34"). */
export const lineKey = (line: { productId: number; variantId?: number | null }) => line.productId + (line.variantId ? `-${line.variantId}` : "");

/** A line of the server cart (GET /api/cart/{sessionId}): availability as the spec's two fields. */
export type ServerCartLine = CartLineBase & { available: boolean; unavailableReason: string | null };

/**
 * A line of the browser's cart, persisted in localStorage: keyed by `id` (lineKey); `unavailable` is set by
 * reconciliation with the server. Its `name` is as shown: the product's, with its variant's label.
 */
export type CartItem = CartLineBase & { id: string; unavailable?: string | null };
/** What names a line to the cart's actions and the server: its key, product and variant. */
export type CartLineRef = Pick<CartItem, "id" | "productId" | "variantId">;
