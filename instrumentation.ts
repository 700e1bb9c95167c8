/**
 * Runs once when a Next.js server process starts (not during `next build`).
 * Node.js runtime only: prunes expired rows now and hourly.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { schedulePruning } = await import("@/lib/maintenance/prune");
  schedulePruning();
}
