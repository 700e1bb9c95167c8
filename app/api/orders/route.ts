import { NextResponse } from "next/server";
import { finalizeOrderSchema } from "@/lib/checkout/api-schemas";
import { assertMayFinalize, finalizeOrder, holdsClientSecret, updateCheckoutContact } from "@/lib/checkout/service";
import { readJson, readQuery, withAdminRoute, withRoute } from "@/lib/http";
import { orderListQuerySchema } from "@/lib/orders/admin-schemas";
import { listOrders } from "@/lib/orders/admin-service";
import { toOrderDTO } from "@/lib/orders/dto";

/**
 * Checkout's public POST /api/orders: the server trusts only the payment
 * intent id and its own checkout record (prices, items, amount). Whoever
 * calls it gets the order number; only the caller holding the intent's
 * client secret (the shopper's browser) may change the checkout's contact
 * details and see the order's personal data. Replaying returns the same order.
 */
export const POST = withRoute(
  async (req) => {
    const body = await readJson(req, finalizeOrderSchema);
    const paymentIntentId = (body.paymentIntentId ?? body.stripePaymentIntentId)!;
    const owner = await holdsClientSecret(paymentIntentId, body.clientSecret);
    assertMayFinalize(paymentIntentId, owner);
    if (owner) {
      await updateCheckoutContact(paymentIntentId, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? undefined,
        newsletter: body.newsletter,
      });
    }
    const { order, created } = await finalizeOrder(paymentIntentId);
    const payload = owner ? { orderNumber: order.orderNumber, order: toOrderDTO(order) } : { orderNumber: order.orderNumber };
    return NextResponse.json(payload, { status: created ? 201 : 200 });
  },
  { rateLimit: "order" },
);

/** Admin: GET /api/orders?limit=5 (dashboard) or ?status=pending|…|all (orders page), newest first. */
export const GET = withAdminRoute(async (req) => {
  const { status, limit } = readQuery(req, orderListQuerySchema);
  return listOrders({ status, limit });
});
