import "server-only";
import type Stripe from "stripe";
import { recordProviderRefund } from "@/lib/orders/refund-service";

/** charge.refunded: the order's refunded amount follows Stripe's running total (refunds made in Stripe's dashboard too). */
export async function handleChargeRefunded(event: Stripe.Event) {
  const charge = event.data.object as Stripe.Charge;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  await recordProviderRefund(intentId, charge.amount_refunded);
}
