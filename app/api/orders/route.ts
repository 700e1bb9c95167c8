import { NextResponse } from "next/server";
import { finalizeOrderSchema } from "@/lib/checkout/api-schemas";
import { finalizeOrder, updateCheckoutContact } from "@/lib/checkout/service";
import { readJson, readQuery, withAdminRoute, withRoute } from "@/lib/http";
import { orderListQuerySchema } from "@/lib/orders/admin-schemas";
import { listOrders } from "@/lib/orders/admin-service";
import { toOrderDTO } from "@/lib/orders/dto";

/**
 * Checkout's public POST /api/orders: the server trusts only the payment
 * intent id and its own checkout record (prices, items, amount); the contact
 * details the shopper typed are saved first. Replaying returns the same order.
 */
export const POST = withRoute(async (req) => {
  const body = await readJson(req, finalizeOrderSchema);
  const paymentIntentId = (body.paymentIntentId ?? body.stripePaymentIntentId)!;
  await updateCheckoutContact(paymentIntentId, {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone ?? undefined,
    newsletter: body.newsletter,
  });
  const { order, created } = await finalizeOrder(paymentIntentId);
  return NextResponse.json({ orderNumber: order.orderNumber, order: toOrderDTO(order) }, { status: created ? 201 : 200 });
}, { rateLimit: "order" });

/** Admin: GET /api/orders?limit=5 (dashboard) or ?status=pending|…|all (orders page), newest first. */
export const GET = withAdminRoute(async (req) => {
  const { status, limit } = readQuery(req, orderListQuerySchema);
  return listOrders({ status, limit });
});
