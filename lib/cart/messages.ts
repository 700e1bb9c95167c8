/**
 * Cart texts shared by the server (service errors) and the client (toasts,
 * line flags). Pure constants: safe to import from client components.
 */
export const CART_MESSAGES = {
  duplicateUnique: "This one-of-a-kind item is already in your cart.",
  /** Line flags set by reconciliation (POST /api/cart/check, GET /api/cart/{sessionId}). */
  lineSold: "This piece has been sold.",
  lineGone: "This item is no longer available.",
} as const;

/** What only the server says of a cart write (kept apart from CART_MESSAGES, which the browser loads with every page). */
export const CART_SERVER_MESSAGES = {
  productNotFound: "Product not found",
  productSold: "This item has been sold.",
  uniqueLimit: "Only 1 of this one-of-a-kind item is available.",
  quantityMin: "Quantity must be at least 1",
} as const;

/** An in-stock product run out (kept apart from CART_MESSAGES, which the browser loads: only the server says it). */
export const SOLD_OUT_MESSAGE = "This item is sold out.";

/** "Only 3 left.": a line or an add asking for more than an in-stock product has. */
export const onlyLeftMessage = (left: number) => (left > 0 ? `Only ${left} left.` : SOLD_OUT_MESSAGE);

/** Why a piece can no longer be bought: a code callers branch on; the message is only for display. */
export type UnavailableCode = "sold" | "inactive" | "sold_out" | "short";
export const UNAVAILABLE_MESSAGES: Record<Exclude<UnavailableCode, "short">, string> = { sold: CART_MESSAGES.lineSold, inactive: CART_MESSAGES.lineGone, sold_out: SOLD_OUT_MESSAGE };
/** The text for a line that cannot be bought as it is; `left` for an in-stock product with fewer units than asked. */
export const unavailableMessage = (code: UnavailableCode, left = 0) => (code === "short" ? onlyLeftMessage(left) : UNAVAILABLE_MESSAGES[code]);

/** Codes a refused cart write carries in its JSON body (`code`), so the browser never compares message texts. */
export type CartErrorCode = "not_found" | "sold" | "duplicate_unique" | "unique_limit" | "sold_out" | "stock_limit" | "variant_required" | "variant_mismatch";

/** A product with variants added without one, or with a variant of another product (kept apart from CART_MESSAGES, which the browser loads: only the server says it). */
export const VARIANT_MESSAGES = {
  required: "Choose an option of this product first.",
  mismatch: "That option is not one of this product's.",
} as const;

/** Spec §5 sets no maximum quantity; this only keeps a line's total within sane integer bounds. */
export const MAX_LINE_QUANTITY = 9999;
/** Most lines one check request may carry. */
export const MAX_CHECK_LINES = 50;
