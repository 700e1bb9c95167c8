import "server-only";
import { env } from "@/lib/env";
import { createStripeClient, createStripeProvider } from "@/lib/payments/stripe-provider";
import { testProvider } from "@/lib/payments/test-provider-service";
import type { PaymentProvider } from "@/lib/payments/types";
import { resolvePaymentProvider, type PaymentProviderName } from "@/lib/payments/config";

let resolved: PaymentProviderName | undefined;

/** The provider this deployment may run (lib/payments/config.ts); throws when the configuration would weaken payments. */
export function paymentProviderName(): PaymentProviderName {
  resolved ??= resolvePaymentProvider(env);
  return resolved;
}

export function stripeEnabled(): boolean {
  return paymentProviderName() === "stripe";
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
