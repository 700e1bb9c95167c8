/**
 * The Node.js side of instrumentation.ts: runs once when a Next.js server
 * process starts (not during `next build`). Refuses to serve with a payment
 * or sales-tax configuration that would weaken the shop (however the server was started),
 * warns about one that works but should be set (SITE_URL in production), prepares the database on Vercel, then prunes expired rows now and hourly.
 *
 * On Vercel there is no `npm start` launcher (scripts/serve.ts): each
 * function instance starts here, so this is where Vercel runs the start-up
 * step — migrations, the demo catalogue into an empty database (a preview's
 * fresh Neon/Supabase branch), the first admin — under the same PostgreSQL
 * advisory lock as the launcher (lib/startup/prepare-database.ts): of many cold starts at
 * once one does the work, the others wait, then find nothing left to do.
 */
import { prepareDatabase } from "@/lib/startup/prepare-database";
import { schedulePruning } from "@/lib/maintenance/prune-service";
import { startNewsletterWorker } from "@/lib/newsletter/campaign-service";
import { refuseToStartOnPaymentConfigError } from "@/lib/payments/config";
import { refuseToStartOnTaxConfigError } from "@/lib/tax/config";
import { refuseToStartOnCarrierConfigError } from "@/lib/shipping/carrier-config";
import { resendConfigProblem } from "@/lib/newsletter/webhook-config";
import { warnAboutConfiguration } from "@/lib/startup/config-warnings";
import { resumeCdnPurges } from "@/lib/cdn/purge-service";
import { env, isBuildPhase } from "@/lib/env";
import { log, refuseToStart } from "@/lib/log";

export async function registerNode() {
  if (isBuildPhase()) return;
  // Next.js only logs a failing hook and serves on: this stops the process instead, before a single fake payment.
  refuseToStartOnPaymentConfigError(env);
  refuseToStartOnTaxConfigError(env);
  refuseToStartOnResendConfigError();
  refuseToStartOnCarrierConfigError(env);
  warnAboutConfiguration();
  if (env.VERCEL) await prepareOnVercel();
  schedulePruning();
  // Newsletter sends: every instance works them; row claims keep them from sending anyone twice.
  startNewsletterWorker();
  // CDN purges not accepted before a restart: retried until they are.
  resumeCdnPurges();
}

/**
 * Resend half configured fails closed: with RESEND_API_KEY (newsletters and mail sent through Resend)
 * bounces and complaints arrive only through the signed webhook, so its secret must be set and be
 * Resend's signing secret (whsec_…); otherwise a complained-about address would keep being written to.
 */
function refuseToStartOnResendConfigError() {
  const problem = resendConfigProblem(env);
  if (problem) refuseToStart(problem);
}

async function prepareOnVercel() {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    // The embedded database needs a writable disk and one long-lived process: neither exists on Vercel.
    refuseToStart("DATABASE_URL is not set. On Vercel the shop needs a PostgreSQL database (Neon, Supabase, …): set DATABASE_URL in the project's environment variables.");
  }
  const { seed } = await prepareDatabase(databaseUrl, { log: (m) => log.info(m) });
  if (seed.seeded) log.info("Seeded the demo catalogue.");
}
