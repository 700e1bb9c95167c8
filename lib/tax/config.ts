import { refuseToStart } from "@/lib/log";
import { US_STATES } from "@/lib/tax/us-states";

/**
 * Which sales-tax rule this deployment runs, decided once from the environment and
 * failing closed like the payment setting (lib/payments/config.ts):
 *   estimate  the spec's behaviour and the default: the cart shows an 8 % estimate, checkout charges 0;
 *   flat      TAX_RATE % on the merchandise of orders shipped to TAX_HOME_STATE, nothing elsewhere;
 *   stripe    Stripe Tax: a calculation for the checkout's address and lines (needs STRIPE_SECRET_KEY).
 * A flat rule without a valid home state or rate, Stripe Tax without the key, or an unknown mode
 * stops start-up with a message naming the variable. Called by scripts/serve.ts, by
 * lib/startup/register-node.ts (any other way a server starts) and by lib/tax/service.ts.
 */
export type TaxMode = "estimate" | "flat" | "stripe";
export const TAX_MODES: readonly TaxMode[] = ["estimate", "flat", "stripe"];

/** The rate as written ("6.5"), and in millionths of the amount (65 000) for integer arithmetic. */
export type FlatRate = { percent: string; perMillion: number };

export type TaxSettings = { mode: "estimate" } | { mode: "flat"; homeState: string; rate: FlatRate } | { mode: "stripe" };

/** The highest flat rate accepted: no US state's combined rate comes near it, so a larger one is a typo (65 for 6.5). */
export const MAX_TAX_RATE_PERCENT = 20;

export class TaxConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TaxConfigError";
  }
}

type Environment = Partial<Record<"TAX_MODE" | "TAX_HOME_STATE" | "TAX_RATE" | "STRIPE_SECRET_KEY", string | undefined>> & { [other: string]: unknown };

const text = (value: string | undefined) => value?.trim() || undefined;

/** "6.5" → 65 000 per million: a decimal percentage above 0 and at most MAX_TAX_RATE_PERCENT, up to 4 decimals. */
export function parseTaxRate(value: string): FlatRate | null {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(value);
  if (!match) return null;
  const perMillion = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  if (perMillion <= 0 || perMillion > MAX_TAX_RATE_PERCENT * 10_000) return null;
  return { percent: value, perMillion };
}

export function resolveTaxSettings(environment: Environment): TaxSettings {
  const mode = text(environment.TAX_MODE) ?? "estimate";
  if (!TAX_MODES.includes(mode as TaxMode)) throw new TaxConfigError(`TAX_MODE must be "estimate", "flat" or "stripe" (got "${mode}").`);
  if (mode === "estimate") return { mode };
  if (mode === "stripe") {
    if (!text(environment.STRIPE_SECRET_KEY)) throw new TaxConfigError("TAX_MODE=stripe needs STRIPE_SECRET_KEY: Stripe Tax is called with it.");
    return { mode };
  }
  const homeState = text(environment.TAX_HOME_STATE)?.toUpperCase();
  if (!homeState || !/^[A-Z]{2}$/.test(homeState) || !(homeState in US_STATES)) {
    throw new TaxConfigError(`TAX_MODE=flat needs TAX_HOME_STATE, the shop's home state as its 2-letter US postal code (e.g. OR)${homeState ? ` (got "${homeState}")` : ""}.`);
  }
  const rawRate = text(environment.TAX_RATE);
  const rate = rawRate ? parseTaxRate(rawRate) : null;
  if (!rate) {
    throw new TaxConfigError(`TAX_MODE=flat needs TAX_RATE, a percentage above 0 and at most ${MAX_TAX_RATE_PERCENT} such as 6.5${rawRate ? ` (got "${rawRate}")` : ""}.`);
  }
  return { mode: "flat", homeState, rate };
}

/** For start-up (the launcher, instrumentation.ts): a tax setting that cannot be honoured ends the process with its message. */
export function refuseToStartOnTaxConfigError(environment: Environment): void {
  try {
    resolveTaxSettings(environment);
  } catch (error) {
    if (!(error instanceof TaxConfigError)) throw error;
    refuseToStart(error.message);
  }
}
