import { DEFAULT_LEAD_TIME_DAYS, FEW_LEFT, HANDLING_DAYS } from "@/lib/inventory/stock-settings";
import { plural, range, type DayRange } from "@/lib/inventory/ship-days";

export { latestDays, orderShipsText } from "@/lib/inventory/ship-days";

/** The fields these rules read, as a database select: a variant's (its count and lead time) and a product's (also whether it is one of a kind, sold, on sale). */
export const STOCK_FIELDS = { stock: true, allowBackorder: true, leadTimeMinDays: true, leadTimeMaxDays: true } as const;
export const PRODUCT_STOCK_FIELDS = { uniqueItem: true, sold: true, active: true, ...STOCK_FIELDS } as const;

/**
 * The kinds of product and what each can promise, the one
 * place these rules live; client-safe (no server or database imports).
 *
 * - one-of-a-kind (`uniqueItem`): sold once, claimed by checkout
 *   (lib/inventory/pieces.ts); ready to ship in the shop's handling time.
 * - in stock (`stock` counts units): claimed by checkout with a conditional
 *   decrement (lib/inventory/counts.ts), never below 0; ready to ship in the
 *   handling time. Run out, it is "Sold out", unless `allowBackorder`: then it
 *   stays purchasable and ships in its lead time.
 * - made to order (neither): unlimited, ships in its lead time (the shop's
 *   default when it has none of its own).
 * - gift card (`giftCard`): sold in the amount of its price, never
 *   runs out, ships nothing: paying emails its recipient a code.
 */
export type ProductKind = "one_of_a_kind" | "in_stock" | "made_to_order" | "gift_card";
export const PRODUCT_KINDS: readonly ProductKind[] = ["one_of_a_kind", "in_stock", "made_to_order", "gift_card"];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  one_of_a_kind: "One of a kind",
  in_stock: "In stock (counted)",
  made_to_order: "Made to order",
  gift_card: "Gift card",
};

export type { DayRange } from "@/lib/inventory/ship-days";

/** The stored fields the rules read. */
export type StockFields = {
  uniqueItem: boolean;
  sold: boolean;
  stock: number | null;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  allowBackorder: boolean;
  /** A gift card: absent on rows that never are one. */
  giftCard?: boolean;
};

export function productKind(p: Pick<StockFields, "uniqueItem" | "stock" | "giftCard">): ProductKind {
  if (p.giftCard) return "gift_card";
  if (p.uniqueItem) return "one_of_a_kind";
  return p.stock !== null ? "in_stock" : "made_to_order";
}

/** The product's own lead time, or the shop's default. */
export function leadTime(p: Pick<StockFields, "leadTimeMinDays" | "leadTimeMaxDays">): DayRange {
  return p.leadTimeMinDays !== null && p.leadTimeMaxDays !== null ? { min: p.leadTimeMinDays, max: p.leadTimeMaxDays } : { ...DEFAULT_LEAD_TIME_DAYS };
}

/**
 * What a shopper can be promised right now:
 * - `sold`: a one-of-a-kind piece that has been bought (the SOLD ribbon);
 * - `sold_out`: an in-stock product at 0 without backorder;
 * - `ready`: ships in the handling time; `left` is the count for an in-stock product;
 * - `backorder`: an in-stock product at 0 that may still be ordered, shipping in its lead time;
 * - `made_to_order`: ships in its lead time;
 * - `emailed`: a gift card, whose code is emailed once it is paid.
 */
export type Availability =
  | { state: "sold" }
  | { state: "sold_out" }
  | { state: "ready"; left: number | null; days: DayRange }
  | { state: "backorder"; days: DayRange }
  | { state: "made_to_order"; days: DayRange }
  | { state: "emailed" };

export function availabilityOf(p: StockFields): Availability {
  if (p.giftCard) return { state: "emailed" };
  if (p.uniqueItem) return p.sold ? { state: "sold" } : { state: "ready", left: null, days: { ...HANDLING_DAYS } };
  if (p.stock === null) return { state: "made_to_order", days: leadTime(p) };
  if (p.stock > 0) return { state: "ready", left: p.stock, days: { ...HANDLING_DAYS } };
  return p.allowBackorder ? { state: "backorder", days: leadTime(p) } : { state: "sold_out" };
}

/**
 * What one order line of `quantity` units is promised: as availabilityOf, except
 * that an in-stock product on backorder asked for more than it has ships the
 * whole line in its lead time.
 */
export function lineAvailability(p: StockFields, quantity: number): Availability {
  const a = availabilityOf(p);
  if (a.state === "ready" && p.stock !== null && quantity > p.stock && p.allowBackorder) return { state: "backorder", days: leadTime(p) };
  return a;
}

/** Whether a shopper can buy it at all. */
export const isPurchasable = (a: Availability) => a.state !== "sold" && a.state !== "sold_out";

/**
 * The most units one order may take: 1 of a one-of-a-kind piece, what is left
 * of an in-stock product without backorder (0 when sold out), else the cart's
 * line maximum (null: no limit here). With backorder allowed, units beyond the count ship in the lead time.
 */
export function maxOrderQuantity(p: StockFields): number | null {
  if (p.uniqueItem) return p.sold ? 0 : 1;
  if (p.stock !== null && !p.allowBackorder) return p.stock;
  return null;
}

/** What a gift card promises instead of shipping. */
export const GIFT_CARD_PROMISE = "Emailed to its recipient once paid — nothing to ship";

/** "Ships in 1–2 days", "Made to order — ships in 15–20 working days", "Sold out", … : the shopper's one line. */
export function shippingPromise(a: Availability): string {
  switch (a.state) {
    case "sold":
      return "Sold";
    case "sold_out":
      return "Sold out";
    case "ready":
      return `Ships in ${range(a.days)} ${plural(a.days, "day")}`;
    case "backorder":
      return `Back-ordered — ships in ${range(a.days)} working ${plural(a.days, "day")}`;
    case "made_to_order":
      return `Made to order — ships in ${range(a.days)} working ${plural(a.days, "day")}`;
    case "emailed":
      return GIFT_CARD_PROMISE;
  }
}

/** "Only 3 left" for an in-stock product down to its last few units, else null. */
export function fewLeft(a: Availability): string | null {
  return a.state === "ready" && a.left !== null && a.left <= FEW_LEFT ? `Only ${a.left} left` : null;
}

/** The days a purchasable product's promise counts, or null. */
export function shipDays(a: Availability): DayRange | null {
  return a.state === "ready" || a.state === "backorder" || a.state === "made_to_order" ? { ...a.days } : null;
}
