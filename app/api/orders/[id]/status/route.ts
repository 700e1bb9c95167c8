import { readJson, withAdminRoute } from "@/lib/http";
import { orderStatusUpdateSchema } from "@/lib/orders/admin-schemas";
import { updateOrderStatus } from "@/lib/orders/admin-service";

/** Admin: PATCH /api/orders/{id}/status {status} → the updated order. */
export const PATCH = withAdminRoute<{ id: string }>(async (req, { params }) => {
  const { status } = await readJson(req, orderStatusUpdateSchema);
  return updateOrderStatus(params.id, status);
});
