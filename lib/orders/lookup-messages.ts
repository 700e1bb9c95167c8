/**
 * What the public "Track your order" page says and shows, without the validation schema
 * (./lookup-schemas.ts), which its form loads only when first used.
 */
export const ORDER_NOT_FOUND_PUBLIC = "We couldn't find that order";

export type PublicOrderStatus = {
  orderNumber: string;
  status: string;
  placedAt: string;
  /** The shop's time zone (a setting), in which the page shows the milestones' times. */
  timeZone: string;
  milestones: Array<{ key: "placed" | "paid" | "balance_paid" | "shipped" | "delivered" | "cancelled" | "refunded"; label: string; at: string }>;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Each line with what it was promised at checkout (null on lines from before lead times and promises, and once the order has shipped, been delivered or cancelled). */
  items: Array<{ name: string; quantity: number; ships: string | null }>;
  /** The order's money, row by row (lib/orders/statement.ts): totals, how it was paid, any balance due, refunds. */
  money: Array<{ key: string; label: string; text: string; strong?: boolean }>;
  /** "Your order ships in 15–20 working days" until it ships (null once shipped, delivered or cancelled, or unknown). */
  ships: string | null;
};
