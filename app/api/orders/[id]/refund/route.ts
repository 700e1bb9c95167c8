import { readJson, withAdminRoute } from "@/lib/http";
import { orderRefundSchema } from "@/lib/orders/admin-schemas";
import { refundOrder } from "@/lib/orders/refund-service";

/**
 * Admin: POST /api/orders/{id}/refund {amount?, lineIds?, reason, idempotencyKey?} → { refund, order, replayed }.
 * Without amount or lines, refunds what is left. The same request sent again returns the first refund.
 */
export const POST = withAdminRoute<{ id: string }>(async (req, { params }) => refundOrder(params.id, await readJson(req, orderRefundSchema)));
