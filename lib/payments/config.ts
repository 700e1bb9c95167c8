import { refuseToStart } from "@/lib/log";
/**
 * Which payment provider this deployment runs, decided once from the
 * environment and failing closed: the test provider (fake cards, no money)
 * is allowed only where it cannot be mistaken for a real shop —
 * with the embedded database (the zero-account default), on a Vercel
 * preview, or when PAYMENT_PROVIDER=test says so. A real database without
 * Stripe, or Stripe half configured, stops start-up with a message naming
 * what to set. Called by scripts/serve.ts (start, dev, build), by
 * instrumentation.ts (any other way a server starts) and by
 * lib/payments/provider.ts. No imports: the launcher runs it before Next.js.
 */
export type PaymentProviderName = "stripe" | "test";

export const STRIPE_VARIABLES = ["STRIPE_SECRET_KEY", "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

/** Set by scripts/serve.ts for the Next.js server it starts on the embedded database: that database's URL. */
export const EMBEDDED_DATABASE_URL_ENV = "MM_EMBEDDED_DATABASE_URL";

export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentConfigError";
  }
}

/** The variables the choice depends on: lib/env.ts's `env` at run time, or the environment the launcher builds for the server it starts. */
type Environment = Partial<
  Record<
    "PAYMENT_PROVIDER" | "STRIPE_SECRET_KEY" | "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "DATABASE_URL" | "VERCEL_ENV" | typeof EMBEDDED_DATABASE_URL_ENV,
    string | undefined
  >
> & {
  [other: string]: unknown;
};

const present = (value: string | undefined) => Boolean(value && value.trim());

/** True when the database is the embedded one the launcher started (a user's DATABASE_URL never matches its random URL). */
export function usesEmbeddedDatabase(environment: Environment): boolean {
  const embedded = environment[EMBEDDED_DATABASE_URL_ENV];
  return !present(environment.DATABASE_URL) || (present(embedded) && environment.DATABASE_URL === embedded);
}

export function resolvePaymentProvider(environment: Environment): PaymentProviderName {
  const explicit = environment.PAYMENT_PROVIDER?.trim();
  if (explicit && explicit !== "stripe" && explicit !== "test") {
    throw new PaymentConfigError(`PAYMENT_PROVIDER must be "stripe" or "test" (got "${explicit}").`);
  }
  const missing = STRIPE_VARIABLES.filter((name) => !present(environment[name]));
  if (missing.length > 0 && missing.length < STRIPE_VARIABLES.length) {
    throw new PaymentConfigError(`Stripe is only partly configured: set ${missing.join(" and ")} (or unset the other Stripe variables).`);
  }
  if (explicit === "stripe" && missing.length) {
    throw new PaymentConfigError(`PAYMENT_PROVIDER=stripe needs ${missing.join(", ")}.`);
  }
  if (explicit === "test") return "test";
  if (!missing.length) return "stripe";
  // A Vercel production deployment is a real shop whatever its database looks like (there is no embedded one there).
  if (environment.VERCEL_ENV === "production") {
    throw new PaymentConfigError(
      `This is a Vercel production deployment (VERCEL_ENV=production) without Stripe: set ${STRIPE_VARIABLES.join(", ")} to take real payments, or PAYMENT_PROVIDER=test to run the test card form (no real charges) in production on purpose.`,
    );
  }
  if (usesEmbeddedDatabase(environment) || environment.VERCEL_ENV === "preview") return "test";
  throw new PaymentConfigError(
    `DATABASE_URL is set but no payment provider is: set ${STRIPE_VARIABLES.join(", ")} to take real payments with Stripe, or PAYMENT_PROVIDER=test to run the test card form (no real charges) on this database.`,
  );
}

/** For start-up (the launcher, instrumentation.ts): a configuration that would weaken payments ends the process with its message. */
export function refuseToStartOnPaymentConfigError(environment: Environment): void {
  try {
    resolvePaymentProvider(environment);
  } catch (error) {
    if (!(error instanceof PaymentConfigError)) throw error;
    refuseToStart(error.message);
  }
}
