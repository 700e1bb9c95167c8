import { checkCartItems } from "@/lib/cart/service";
import { readJson, withRoute } from "@/lib/http";
import { cartCheckSchema } from "@/lib/cart/schemas";

/** POST {items: [{productId, quantity}]}: current prices and availability for a client cart. POST only. */
export const POST = withRoute(async (req) => checkCartItems(await readJson(req, cartCheckSchema)), { rateLimit: "cart" });
