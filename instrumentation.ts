/**
 * Runs once when a Next.js server process starts (not during `next build`).
 * Node.js runtime only: refuses to serve with a payment configuration that
 * would weaken the shop (however the server was started), then prunes
 * expired rows now and hourly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Next.js only logs a failing hook and serves on: this stops the process instead, before a single fake payment.
  const { refuseToStartOnPaymentConfigError } = await import("@/lib/payments/config");
  refuseToStartOnPaymentConfigError(process.env);
  const { schedulePruning } = await import("@/lib/maintenance/prune");
  schedulePruning();
}
