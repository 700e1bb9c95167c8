import { readJson, withRoute } from "@/lib/http";
import { lookupOrderStatus } from "@/lib/orders/lookup-queries";
import { orderLookupSchema } from "@/lib/orders/lookup-schemas";

/**
 * Public: POST /api/order-status {orderNumber, email} → status, milestones and tracking;
 * 404 "We couldn't find that order" for any wrong pair; every lookup counts against the `orderLookup` limit.
 */
export const POST = withRoute(async (req) => lookupOrderStatus(await readJson(req, orderLookupSchema)), { rateLimit: "orderLookup" });
