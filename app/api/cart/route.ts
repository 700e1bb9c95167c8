import { addToServerCart, setServerCartQuantity } from "@/lib/cart/service";
import { readJson, withRoute } from "@/lib/http";
import { cartLineSchema } from "@/lib/cart/schemas";

/** POST {sessionId, productId, quantity}: adds units to the session's cart. */
export const POST = withRoute(async (req) => addToServerCart(await readJson(req, cartLineSchema)), { rateLimit: "cart" });

/** PUT {sessionId, productId, quantity}: sets a line's quantity. */
export const PUT = withRoute(async (req) => setServerCartQuantity(await readJson(req, cartLineSchema)), { rateLimit: "cart" });
