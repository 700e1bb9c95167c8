/**
 * Day ranges and an order's estimate, apart from lib/inventory/stock.ts
 * so the cart and checkout pages load only these few lines, not the shop's
 * settings and the kind rules.
 */
export type DayRange = { min: number; max: number };

/** "1–2", or "3" when both ends are the same. */
export const range = (d: DayRange) => (d.min === d.max ? `${d.min}` : `${d.min}–${d.max}`);
export const plural = (d: DayRange, word: string) => `${word}${d.max === 1 ? "" : "s"}`;

/** The latest of several lines' promises, for an order's estimate; null for none. */
export function latestDays(list: ReadonlyArray<DayRange | null | undefined>): DayRange | null {
  // Returns one of the given ranges (not a copy).
  let latest: DayRange | null = null;
  for (const d of list) {
    if (d && (!latest || d.max > latest.max || (d.max === latest.max && d.min > latest.min))) latest = d;
  }
  return latest;
}

/** The cart's and checkout's estimate: the latest promise of the lines that can be bought (null when none is known). */
export const cartShipsText = (items: ReadonlyArray<{ shipDays?: DayRange | null; unavailable?: string | null }>) => orderShipsText(latestDays(items.map((i) => (i.unavailable ? null : i.shipDays))));

/** "Your order ships in 10–15 working days": the latest of its lines' promises, or null when none is known. */
export function orderShipsText(days: DayRange | null): string | null {
  return days ? `Your order ships in ${range(days)} working ${plural(days, "day")}` : null;
}
