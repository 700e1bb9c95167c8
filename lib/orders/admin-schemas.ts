import { z } from "@/lib/zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { MAX_API_LIMIT } from "@/lib/site";

/** Spec §4 order states (plus `confirmed`, which paid checkouts start in). The admin may set any from any other. */
export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = `Status must be one of: ${ORDER_STATUSES.join(", ")}.`;
export const ORDER_FILTER_MESSAGE = `Status must be one of: all, ${ORDER_STATUSES.join(", ")}.`;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { message: ORDER_STATUS_MESSAGE });

/** PATCH /api/orders/{id}/status body. */
export const orderStatusUpdateSchema = z.object({ status: orderStatusSchema }, { message: "Request body must be a JSON object" });

/** The inline status change from the admin orders table (server action input). */
export const orderStatusChangeSchema = z.object({ id: entityIdSchema, status: orderStatusSchema });

/** The admin's order list filter: one status or `all`. */
export const orderFilterSchema = z.enum(["all", ...ORDER_STATUSES], { message: ORDER_FILTER_MESSAGE });
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** GET /api/orders query string (admin): ?limit=5 for the dashboard, ?status=… for the orders page. */
export const orderListQuerySchema = z.object({
  status: orderFilterSchema.default("all"),
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, `limit must be between 1 and ${MAX_API_LIMIT}`).max(MAX_API_LIMIT, `limit must be between 1 and ${MAX_API_LIMIT}`))
    .optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
