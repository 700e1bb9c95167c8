/**
 * Runs once when a Next.js server process starts (not during `next build`).
 * Node.js runtime only: refuses to serve with a payment configuration that
 * would weaken the shop (however the server was started), then prunes
 * expired rows now and hourly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { PaymentConfigError, resolvePaymentProvider } = await import("@/lib/payments/config");
  try {
    resolvePaymentProvider(process.env);
  } catch (error) {
    if (!(error instanceof PaymentConfigError)) throw error;
    // Next.js only logs a failing hook and serves on: stop instead, before a single fake payment is taken.
    console.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  const { schedulePruning } = await import("@/lib/maintenance/prune");
  schedulePruning();
}
