import { discountPreviewSchema } from "@/lib/checkout/api-schemas";
import { previewDiscount } from "@/lib/checkout/service";
import { readJson, withRoute } from "@/lib/http";

/** POST {code, items, email?}: what the code takes off this cart now (409 naming why it cannot be used). Nothing is claimed. */
export const POST = withRoute(async (req) => previewDiscount(await readJson(req, discountPreviewSchema)), { rateLimit: "discountCode" });
