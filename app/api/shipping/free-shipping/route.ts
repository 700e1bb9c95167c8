import { freeShippingRuleForCart } from "@/lib/shipping/service";
import { withRoute } from "@/lib/http";

/** GET: the cart page's "Add $X more for free shipping" threshold, the same in every zone the shop ships to, or null (the page then says nothing). */
export const dynamic = "force-dynamic";
export const GET = withRoute(async () => freeShippingRuleForCart(), { cacheControl: "no-store" });
