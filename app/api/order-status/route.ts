import { readJson, withRoute } from "@/lib/http";
import { lookupOrderStatus } from "@/lib/orders/lookup-queries";
import { orderLookupSchema } from "@/lib/orders/lookup-schemas";
import { reviewLinksForOrder } from "@/lib/reviews/request-service";

/**
 * Public: POST /api/order-status {orderNumber, email} → status, milestones and tracking;
 * for a delivered order, `reviews`: each line with its review link until reviewed;
 * 404 "We couldn't find that order" for any wrong pair; every lookup counts against the `orderLookup` limit.
 */
export const POST = withRoute(
  async (req) => {
    const status = await lookupOrderStatus(await readJson(req, orderLookupSchema));
    // A delivered order: "Review your purchase", a link per line not yet reviewed (lib/reviews).
    return { ...status, reviews: await reviewLinksForOrder(status.orderNumber) };
  },
  { rateLimit: "orderLookup" },
);
