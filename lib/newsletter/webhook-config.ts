/**
 * Resend's configuration, checked at start-up (lib/startup/register-node.ts): with RESEND_API_KEY set,
 * RESEND_WEBHOOK_SECRET must be set too and be Resend's signing secret (whsec_ followed by base64).
 * Returns the message naming what to set, or null when the configuration is whole.
 */
export function resendConfigProblem(environment: { RESEND_API_KEY?: string; RESEND_WEBHOOK_SECRET?: string }): string | null {
  const key = environment.RESEND_API_KEY?.trim();
  const secret = environment.RESEND_WEBHOOK_SECRET?.trim();
  if (secret && !/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) return "RESEND_WEBHOOK_SECRET must be Resend's webhook signing secret (whsec_…), as shown on the webhook's page in Resend.";
  if (key && !secret) return "RESEND_API_KEY is set but RESEND_WEBHOOK_SECRET is not: set the webhook's signing secret (whsec_…) so bounces and complaints reach the shop, or unset RESEND_API_KEY.";
  return null;
}
