import { resolvePaymentProvider } from "@/lib/payments/config";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_x", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
const PG = { DATABASE_URL: "postgresql://shop@db.example.com/shop" };

describe("resolvePaymentProvider: test payments only where they cannot pass for a real shop", () => {
  it.each([
    ["the embedded default (no DATABASE_URL)", {}, "test"],
    ["the launcher's embedded database", { DATABASE_URL: "postgresql://postgres:pw@127.0.0.1:41234/postgres", MM_EMBEDDED_DATABASE_URL: "postgresql://postgres:pw@127.0.0.1:41234/postgres" }, "test"],
    ["a Vercel preview", { ...PG, VERCEL_ENV: "preview" }, "test"],
    ["PAYMENT_PROVIDER=test on a real database", { ...PG, PAYMENT_PROVIDER: "test" }, "test"],
    ["Vercel production with PAYMENT_PROVIDER=test said on purpose", { ...PG, VERCEL_ENV: "production", PAYMENT_PROVIDER: "test" }, "test"],
    ["Vercel production with Stripe", { ...PG, ...STRIPE, VERCEL_ENV: "production" }, "stripe"],
    ["all three Stripe keys", { ...PG, ...STRIPE }, "stripe"],
    ["PAYMENT_PROVIDER=stripe with its keys", { ...PG, ...STRIPE, PAYMENT_PROVIDER: "stripe" }, "stripe"],
  ])("%s → %s", (_label, environment, expected) => {
    expect(resolvePaymentProvider(environment as Record<string, string>)).toBe(expected);
  });

  it.each([
    [
      "a real database without Stripe",
      PG,
      "DATABASE_URL is set but no payment provider is: set STRIPE_SECRET_KEY, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET to take real payments with Stripe, or PAYMENT_PROVIDER=test to run the test card form (no real charges) on this database.",
    ],
    [
      "a Vercel production deployment without Stripe",
      { ...PG, VERCEL_ENV: "production" },
      "VERCEL_ENV=production) without Stripe: set STRIPE_SECRET_KEY, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET to take real payments, or PAYMENT_PROVIDER=test",
    ],
    ["Vercel production without DATABASE_URL (no embedded database there)", { VERCEL: "1", VERCEL_ENV: "production" }, "PAYMENT_PROVIDER=test"],
    ["another database that merely claims to be embedded", { ...PG, MM_EMBEDDED_DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/other" }, "DATABASE_URL is set but no payment provider is"],
    [
      "one Stripe variable forgotten",
      { ...PG, STRIPE_SECRET_KEY: "sk_test_x", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_x" },
      "Stripe is only partly configured: set STRIPE_WEBHOOK_SECRET (or unset the other Stripe variables).",
    ],
    ["two forgotten, even on the embedded database", { STRIPE_SECRET_KEY: "sk_test_x" }, "Stripe is only partly configured: set NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET"],
    ["a partial Stripe config with PAYMENT_PROVIDER=test", { ...PG, PAYMENT_PROVIDER: "test", STRIPE_WEBHOOK_SECRET: "whsec_x" }, "Stripe is only partly configured"],
    ["PAYMENT_PROVIDER=stripe without keys", { PAYMENT_PROVIDER: "stripe" }, "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET."],
    ["a misspelt provider", { PAYMENT_PROVIDER: "paypal" }, 'PAYMENT_PROVIDER must be "stripe" or "test" (got "paypal").'],
  ])("%s stops start-up", (_label, environment, message) => {
    expect(() => resolvePaymentProvider(environment as Record<string, string>)).toThrow(message);
  });
});
