import { z } from "zod";
import { preparePayment } from "@/lib/checkout/service";
import { readJson, withRoute } from "@/lib/http";

export const POST = withRoute(async (req) => preparePayment(await readJson(req, z.unknown())), { rateLimit: "paymentIntent" });
