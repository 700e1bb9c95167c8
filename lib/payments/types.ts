/** One interface for both payment back ends: Stripe (real) and the embedded test provider. */
export type IntentStatus = "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "succeeded" | "canceled";

export type PaymentIntentInfo = {
  id: string;
  clientSecret: string | null;
  /** Integer cents. */
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  lastError: string | null;
};

export type CreateIntentInput = { amount: number; currency: string; metadata: Record<string, string>; idempotencyKey: string };

export type RefundInfo = { id: string; paymentIntentId: string; /** Integer cents. */ amount: number; status: "succeeded" | "pending" | "failed" };

export type CreateRefundInput = { paymentIntentId: string; amount: number; reason: string; idempotencyKey: string };

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** Authorise-only (manual capture) intent. Same idempotency key → same intent. */
  createIntent(input: CreateIntentInput): Promise<PaymentIntentInfo>;
  /** Changes the amount of an intent that has not been confirmed yet. */
  updateIntent(id: string, input: { amount: number; metadata: Record<string, string> }): Promise<PaymentIntentInfo>;
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
  captureIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  cancelIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /** Returns money from a captured payment. Same idempotency key → same refund, never a second one. */
  refund(input: CreateRefundInput): Promise<RefundInfo>;
  /** The refund made with this idempotency key on this payment, or null when none reached the provider. */
  findRefund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<RefundInfo | null>;
  /** Integer cents refunded (or being refunded) on this payment so far, by anyone: the shop, or the provider's dashboard. */
  refundedTotal(paymentIntentId: string): Promise<number>;
}

/** Statuses whose amount can still change. */
export const UPDATABLE_STATUSES: IntentStatus[] = ["requires_payment_method", "requires_confirmation", "requires_action"];
