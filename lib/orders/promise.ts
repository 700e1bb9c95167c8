import { latestDays, orderShipsText } from "@/lib/inventory/stock";

/**
 * "Your order ships in 15–20 working days": the latest promise its lines were
 * given at checkout (OrderItem.shipsMinDays/shipsMaxDays), or null for lines
 * from before lead times and promises. The confirmation email and the order-status page say it.
 */
export function orderShipsEstimate(items: ReadonlyArray<{ shipsMinDays?: number | null; shipsMaxDays?: number | null }>): string | null {
  return orderShipsText(latestDays(items.map((i) => (i.shipsMinDays != null && i.shipsMaxDays != null ? { min: i.shipsMinDays, max: i.shipsMaxDays } : null))));
}
