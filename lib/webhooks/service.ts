import "server-only";
import type Stripe from "stripe";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getStripeClient } from "@/lib/payments/provider";
import { handlePaymentIntentAuthorized } from "@/lib/webhooks/payment-intent-authorized";
import { handlePaymentIntentCanceled } from "@/lib/webhooks/payment-intent-failed";
import { handleChargeRefunded } from "@/lib/webhooks/charge-refunded";
import { handleChargeDisputeCreated } from "@/lib/webhooks/charge-dispute-created";
import { env } from "@/lib/env";

/** One handler per event type; other types are acknowledged and ignored. */
const HANDLERS: Partial<Record<Stripe.Event.Type, (event: Stripe.Event) => Promise<void>>> = {
  "payment_intent.amount_capturable_updated": handlePaymentIntentAuthorized,
  "payment_intent.succeeded": handlePaymentIntentAuthorized,
  "payment_intent.canceled": handlePaymentIntentCanceled,
  "charge.refunded": handleChargeRefunded,
  "charge.dispute.created": handleChargeDisputeCreated,
};

/** Verifies the signature over the raw body; 400 when it is missing or wrong. */
export function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new AppError("not_found", "Stripe webhooks are not configured.");
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header");
  try {
    return getStripeClient().webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new AppError("bad_request", "Invalid webhook signature");
  }
}

/** Records the event by id (a redelivery is ignored) and runs its handler. */
export async function handleStripeEvent(event: Stripe.Event): Promise<{ received: true; duplicate: boolean; handled: boolean }> {
  const inserted = await prisma.webhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
  if (inserted.count === 0) {
    const prior = await prisma.webhookEvent.findUnique({ where: { id: event.id } });
    if (prior?.processedAt) return { received: true, duplicate: true, handled: false };
  }
  const handler = HANDLERS[event.type];
  if (handler) await handler(event);
  await prisma.webhookEvent.update({ where: { id: event.id }, data: { processedAt: new Date() } });
  return { received: true, duplicate: inserted.count === 0, handled: Boolean(handler) };
}
