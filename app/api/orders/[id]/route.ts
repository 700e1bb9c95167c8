import { withAdminRoute } from "@/lib/http";
import { deleteOrder, getOrder } from "@/lib/orders/admin-service";

type Params = { id: string };

/** Admin: one order (the view dialog). */
export const GET = withAdminRoute<Params>(async (_req, { params }) => getOrder(params.id));

/** Admin: DELETE /api/orders/{id}. */
export const DELETE = withAdminRoute<Params>(async (_req, { params }) => deleteOrder(params.id));
