import type { PaymentIntentResponse } from "@/components/checkout/checkout-api";

/** What a confirmed card gives the checkout: the intent to finalise the order with. */
export type PaymentOutcome =
  | { ok: true; paymentIntentId: string }
  /** The form already told the shopper why (inline or toast). `prepareAgain`: the intent is unusable, make a new one. */
  | { ok: false; prepareAgain?: boolean };

export type BillingDetails = { name: string; email: string; phone?: string };

/**
 * The provider form's half of submitting: the checkout view owns the button and
 * the order; the test card form or the Stripe Payment Element confirm the card.
 */
export type PaymentHandle = {
  /** Checks the card fields and shows inline messages; `focus` moves focus to the first bad field. */
  validate(options?: { focus?: boolean }): boolean;
  /** Confirms the card for `intent`. Provider errors are shown here; unexpected ones are thrown. */
  confirm(intent: PaymentIntentResponse, billing: BillingDetails): Promise<PaymentOutcome>;
};
