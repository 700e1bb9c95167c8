/**
 * What the public "Track your order" page says and shows, without the validation schema
 * (./lookup-schemas.ts), which its form loads only when first used.
 */
export const ORDER_NOT_FOUND_PUBLIC = "We couldn't find that order";

export type PublicOrderStatus = {
  orderNumber: string;
  status: string;
  placedAt: string;
  milestones: Array<{ key: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded"; label: string; at: string }>;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: Array<{ name: string; quantity: number }>;
};
