import { readJson, withAdminRoute } from "@/lib/http";
import { orderStatusUpdateSchema } from "@/lib/orders/admin-schemas";
import { updateOrderStatus } from "@/lib/orders/admin-service";

/**
 * Admin: PATCH /api/orders/{id}/status {status} → the updated order. Shipping may add
 * {carrier, trackingNumber}; cancelling may add {refund, reason, putBackOnSale}.
 */
export const PATCH = withAdminRoute<{ id: string }>(async (req, { params }) => updateOrderStatus(params.id, await readJson(req, orderStatusUpdateSchema)));
