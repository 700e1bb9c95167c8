import { shippingOptionsSchema } from "@/lib/checkout/api-schemas";
import { shippingOptions } from "@/lib/checkout/service";
import { readJson, withRoute } from "@/lib/http";

/**
 * POST {items, shippingAddress}: checkout's delivery options for the cart and the full address — the zone's
 * rate, the carrier's cheapest few (a live zone), local pickup — each with the `id` the payment request sends
 * back. 400 for an address the carrier rejects or a cart that cannot be delivered there; nothing is stored.
 */
export const POST = withRoute(async (req) => shippingOptions(await readJson(req, shippingOptionsSchema)), { rateLimit: "shippingRates" });
