import "server-only";
import { env } from "@/lib/env";
import { createStripeClient, createStripeProvider } from "@/lib/payments/stripe-provider";
import { testProvider } from "@/lib/payments/test-provider";
import type { PaymentProvider } from "@/lib/payments/types";

/** Stripe when all three Stripe keys are set; otherwise the embedded test provider. */
export function stripeEnabled(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET);
}

function stripeConfig() {
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
  };
}

let stripeProvider: PaymentProvider | undefined;

export function getPaymentProvider(): PaymentProvider {
  if (!stripeEnabled()) return testProvider;
  stripeProvider ??= createStripeProvider(stripeConfig());
  return stripeProvider;
}

export function getStripeClient() {
  return createStripeClient(stripeConfig());
}
