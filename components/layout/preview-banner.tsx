import { resolvePaymentProvider } from "@/lib/payments/config";
import { env } from "@/lib/env";

/**
 * On a Vercel preview deployment (VERCEL_ENV=preview), one line above every
 * storefront page saying what a reviewer clicking the link should know.
 * Decided once when the module loads; renders nothing anywhere else.
 */
function previewNotice(): string | null {
  if (env.VERCEL_ENV !== "preview") return null;
  let testPayments = false;
  try {
    testPayments = resolvePaymentProvider(env) === "test";
  } catch {
    // A misconfiguration stops the server at start-up (instrumentation.ts); the banner does not repeat it.
  }
  const noEmails = !env.RESEND_API_KEY;
  if (testPayments && noEmails) return "Preview — test payments, no emails sent";
  if (testPayments) return "Preview — test payments";
  return noEmails ? "Preview — no emails sent" : "Preview deployment";
}

const NOTICE = previewNotice();

export function PreviewBanner() {
  if (!NOTICE) return null;
  return (
    <p role="note" data-testid="preview-banner" className="bg-amber-200 px-4 py-1.5 text-center text-sm font-medium text-amber-950">
      {NOTICE}
    </p>
  );
}
