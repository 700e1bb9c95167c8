/**
 * A newsletter worker in its own process, as a server instance runs it: works every campaign
 * being sent until none is left, then exits 0. The test kills it with SIGKILL half-way through.
 * Run with `node --conditions=react-server --import tsx tests/helpers/newsletter-worker-child.ts`
 * and DATABASE_URL, RESEND_API_KEY / RESEND_API_URL (or DEV_MAILBOX_DIR), NEWSLETTER_* in the environment.
 */
import { campaignsInFlight, runNewsletterWork } from "@/lib/newsletter/campaign-service";

async function main() {
  for (;;) {
    await runNewsletterWork();
    if (!(await campaignsInFlight())) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
