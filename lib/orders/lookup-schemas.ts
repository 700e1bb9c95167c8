// zod/mini: the public "Track your order" form runs this in the browser, where classic zod would put
// /order-status over its first-load budget (docs/decisions/0005-first-load-javascript-budget.md).
import * as z from "zod/mini";

export { ORDER_NOT_FOUND_PUBLIC, type PublicOrderStatus } from "@/lib/orders/lookup-messages";

/** The public "Track your order" form (client-safe; the form loads it when first used). */
export const orderLookupSchema = z.object(
  {
    orderNumber: z.string({ message: "Order number is required" }).check(z.trim(), z.minLength(1, "Order number is required"), z.maxLength(100, "Order number is too long")),
    email: z.pipe(z.string({ message: "Email is required" }).check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(254, "Email is too long")), z.email("Please enter a valid email")),
  },
  { message: "Request body must be a JSON object" },
);
export type OrderLookupInput = z.input<typeof orderLookupSchema>;
