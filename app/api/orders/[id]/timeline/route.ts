import { withAdminRoute } from "@/lib/http";
import { getOrderTimeline } from "@/lib/orders/admin-service";

/** Admin: GET /api/orders/{id}/timeline → the order's events, oldest first. */
export const GET = withAdminRoute<{ id: string }>(async (_req, { params }) => getOrderTimeline(params.id));
