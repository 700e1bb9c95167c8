import { z } from "@/lib/zod";

/** The public "Track your order" form (client-safe). */
export const ORDER_NOT_FOUND_PUBLIC = "We couldn't find that order";

export const orderLookupSchema = z.object(
  {
    orderNumber: z.string({ message: "Order number is required" }).trim().min(1, "Order number is required").max(100, "Order number is too long"),
    email: z.string({ message: "Email is required" }).trim().min(1, "Email is required").max(254, "Email is too long").email("Please enter a valid email"),
  },
  { message: "Request body must be a JSON object" },
);
export type OrderLookupInput = z.input<typeof orderLookupSchema>;

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
