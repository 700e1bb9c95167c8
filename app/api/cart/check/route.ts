import { z } from "zod";
import { checkCartItems } from "@/lib/cart/service";
import { readJson, withRoute } from "@/lib/http";

/** POST {items: [{productId, quantity}]}: current prices and availability for a client cart. POST only. */
export const POST = withRoute(async (req) => checkCartItems(await readJson(req, z.unknown())), { rateLimit: "cart" });
