import { cartShippingSchema } from "@/lib/checkout/api-schemas";
import { cartShippingEstimate } from "@/lib/checkout/service";
import { readJson, withRoute } from "@/lib/http";

/**
 * POST {items}: the cart page's shipping before an address is known — `{shipping: "15.99"}` when every zone the
 * shop ships to charges the cart the same, `{shipping: null}` ("At checkout") when it depends on the address.
 * Nothing is stored; the lines that can no longer be bought are left out, as in the cart's subtotal.
 */
export const POST = withRoute(async (req) => cartShippingEstimate(await readJson(req, cartShippingSchema)), { rateLimit: "cart", cacheControl: "no-store" });
