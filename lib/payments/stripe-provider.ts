import Stripe from "stripe";
import type { IntentStatus, PaymentIntentInfo, PaymentProvider, RefundInfo } from "@/lib/payments/types";

export type StripeConfig = { secretKey: string; host?: string; port?: number; protocol?: "http" | "https" };

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Maple & Micron" },
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
  });
}

function toInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    amount: pi.amount,
    currency: pi.currency,
    status: pi.status as IntentStatus,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

/** The refund's metadata key holding the shop's idempotency key. */
const REFUND_KEY_METADATA = "refund_key";

function toRefundInfo(refund: Stripe.Refund, paymentIntentId: string): RefundInfo {
  const status: RefundInfo["status"] = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return { id: refund.id, paymentIntentId, amount: refund.amount, status };
}

/** Stripe PaymentIntents with manual capture: authorise at checkout, capture once the order is safely recorded. */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  return {
    name: "stripe",
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create({ amount, currency, capture_method: "manual", automatic_payment_methods: { enabled: true }, metadata }, { idempotencyKey });
      return toInfo(pi);
    },
    async updateIntent(id, { amount, metadata }) {
      return toInfo(await stripe.paymentIntents.update(id, { amount, metadata }));
    },
    async retrieveIntent(id) {
      return toInfo(await stripe.paymentIntents.retrieve(id));
    },
    async captureIntent(id, idempotencyKey) {
      return toInfo(await stripe.paymentIntents.capture(id, {}, { idempotencyKey }));
    },
    async cancelIntent(id, idempotencyKey) {
      return toInfo(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
    },
    async refund({ paymentIntentId, amount, reason, idempotencyKey }) {
      // Stripe's `reason` is a short enum; the admin's words travel as metadata.
      // The key travels as metadata too, so a refund whose reply was lost can be found again (findRefund).
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount, reason: "requested_by_customer", metadata: { reason: reason.slice(0, 500), [REFUND_KEY_METADATA]: idempotencyKey } },
        { idempotencyKey },
      );
      return toRefundInfo(refund, paymentIntentId);
    },
    async findRefund({ paymentIntentId, idempotencyKey }) {
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        if (refund.metadata?.[REFUND_KEY_METADATA] === idempotencyKey) return toRefundInfo(refund, paymentIntentId);
      }
      return null;
    },
    async refundedTotal(paymentIntentId) {
      let total = 0;
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        if (refund.status === "succeeded" || refund.status === "pending" || refund.status === "requires_action") total += refund.amount;
      }
      return total;
    },
  };
}
