import { removeFromServerCart } from "@/lib/cart/service";
import { withRoute } from "@/lib/http";

/** DELETE /api/cart/{sessionId}/{productId}: removes a line (idempotent) and returns the cart. */
export const DELETE = withRoute<{ sessionId: string; productId: string }>(async (_req, { params }) =>
  removeFromServerCart(params.sessionId, params.productId),
  { rateLimit: "cart" },
);
