import type { CartItem } from "@/lib/cart/types";
import { latestDays, orderShipsText } from "@/lib/catalog/stock";

/** "Your order ships in 10–15 working days": the latest promise of the lines that can be bought (null when none is known). */
export function cartShipsText(items: ReadonlyArray<Pick<CartItem, "shipDays" | "unavailable">>): string | null {
  return orderShipsText(latestDays(items.filter((i) => !i.unavailable).map((i) => i.shipDays)));
}
