/**
 * Cart texts shared by the server (service errors) and the client (toasts,
 * line flags). Pure constants: safe to import from client components.
 */
export const CART_MESSAGES = {
  productNotFound: "Product not found",
  productSold: "This item has been sold.",
  duplicateUnique: "This one-of-a-kind item is already in your cart.",
  uniqueLimit: "Only 1 of this one-of-a-kind item is available.",
  quantityMin: "Quantity must be at least 1",
  /** Line flags set by reconciliation (POST /api/cart/check, GET /api/cart/{sessionId}). */
  lineSold: "This piece has been sold.",
  lineGone: "This item is no longer available.",
} as const;

/** Why a piece can no longer be bought: a code callers branch on; the message is only for display. */
export type UnavailableCode = "sold" | "inactive";
export const UNAVAILABLE_MESSAGES: Record<UnavailableCode, string> = { sold: CART_MESSAGES.lineSold, inactive: CART_MESSAGES.lineGone };

/** Codes a refused cart write carries in its JSON body (`code`), so the browser never compares message texts. */
export type CartErrorCode = "not_found" | "sold" | "duplicate_unique" | "unique_limit";

/** Spec §5 sets no maximum quantity; this only keeps a line's total within sane integer bounds. */
export const MAX_LINE_QUANTITY = 9999;
/** Most lines one check request may carry. */
export const MAX_CHECK_LINES = 50;
