import "server-only";
import type Stripe from "stripe";
import { recordDispute } from "@/lib/orders/service";

/** charge.dispute.created: the shopper's bank opened a dispute; the order shows "Disputed" on the dashboard. */
export async function handleChargeDisputeCreated(event: Stripe.Event) {
  const dispute = event.data.object as Stripe.Dispute;
  const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return;
  await recordDispute(intentId, { amount: dispute.amount, reason: dispute.reason ?? null, disputeId: dispute.id });
}
