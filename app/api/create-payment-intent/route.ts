import { preparePayment } from "@/lib/checkout/service";
import { readJson, withRoute } from "@/lib/http";
import { createPaymentIntentSchema } from "@/lib/checkout/api-schemas";

export const POST = withRoute(async (req) => preparePayment(await readJson(req, createPaymentIntentSchema)), { rateLimit: "paymentIntent" });
