import { getServerCart } from "@/lib/cart/service";
import { withRoute } from "@/lib/http";

/** GET /api/cart/{sessionId}: the stored cart, lines flagged when no longer available. */
export const GET = withRoute<{ sessionId: string }>(async (_req, { params }) => getServerCart(params.sessionId));
