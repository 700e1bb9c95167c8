import { NextResponse } from "next/server";
import { z } from "zod";
import { readJson, withRoute } from "@/lib/http";
import { confirmTestPayment } from "@/lib/payments/test-provider-service";

const bodySchema = z.object({
  clientSecret: z.string({ message: "clientSecret is required" }).min(10).max(300),
  card: z.object({
    number: z.string({ message: "Your card number is invalid." }).max(40),
    expMonth: z.union([z.string().max(4), z.number()]),
    expYear: z.union([z.string().max(4), z.number()]),
    cvc: z.string({ message: "Your card's security code is incomplete." }).max(8),
  }),
});

/** The embedded test provider's stand-in for Stripe.js card confirmation. 402 when the card is declined. */
export const POST = withRoute(
  async (req) => {
    const { clientSecret, card } = await readJson(req, bodySchema);
    const result = await confirmTestPayment(clientSecret, card);
    if ("declined" in result) {
      return NextResponse.json({ message: result.message, code: result.code, paymentIntentId: result.paymentIntentId }, { status: 402 });
    }
    return result;
  },
  { rateLimit: "cardConfirm" },
);
