import { removeFromServerCart } from "@/lib/cart/service";
import { cartLineQuerySchema } from "@/lib/cart/schemas";
import { readQuery, withRoute } from "@/lib/http";

/** DELETE /api/cart/{sessionId}/{productId}[?variantId=N]: removes a line (of that variant, for a product with variants; idempotent) and returns the cart. */
export const DELETE = withRoute<{ sessionId: string; productId: string }>(
  async (req, { params }) => removeFromServerCart(params.sessionId, params.productId, readQuery(req, cartLineQuerySchema).variantId),
  { rateLimit: "cart" },
);
