import { refuseToStart } from "@/lib/log";

/**
 * The carrier's configuration, checked at start-up (scripts/serve.ts, lib/startup/register-node.ts): with
 * EASYPOST_API_KEY set, labels are bought and tracked, and tracking updates arrive only through the signed
 * webhook, so EASYPOST_WEBHOOK_SECRET must be set too (fail closed: never an unsigned webhook accepted, never
 * an order left "shipped" because its updates were refused). Returns the message naming what to set, or null.
 */
export function carrierConfigProblem(environment: { EASYPOST_API_KEY?: string; EASYPOST_WEBHOOK_SECRET?: string; [other: string]: unknown }): string | null {
  const key = environment.EASYPOST_API_KEY?.trim();
  const secret = environment.EASYPOST_WEBHOOK_SECRET?.trim();
  if (secret !== undefined && secret !== "" && secret.length < 16) return "EASYPOST_WEBHOOK_SECRET must be at least 16 characters: the webhook_secret set on the shop's EasyPost webhook.";
  if (key && !secret)
    return "EASYPOST_API_KEY is set but EASYPOST_WEBHOOK_SECRET is not: set the secret of the shop's EasyPost webhook (its webhook_secret) so tracking updates can be verified, or unset EASYPOST_API_KEY.";
  return null;
}

export function refuseToStartOnCarrierConfigError(environment: Parameters<typeof carrierConfigProblem>[0]): void {
  const problem = carrierConfigProblem(environment);
  if (problem) refuseToStart(problem);
}
