import "server-only";
import { createHash } from "node:crypto";
import { consumeOrThrow, getLimiter } from "@/lib/rate-limit/service";

/**
 * Sign-in throttling that cannot be turned against the owner: failures are
 * counted per (email, client) and per client, never per email alone, so a
 * stranger's wrong guesses never lock the owner out of her own machine.
 * An attempt is reserved (atomically counted) BEFORE the password is
 * checked, so parallel guesses cannot outrun the count; a success gives the
 * reservation back. Not scaled by RATE_LIMIT_SCALE.
 */
export const MAX_FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT = 5;
export const MAX_FAILED_LOGINS_PER_CLIENT = 20;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const throttledMessage = (wait: string) => `Too many sign-in attempts. Please wait ${wait} and try again.`;

const pairLimiter = () => getLimiter("login-pair", MAX_FAILED_LOGINS_PER_ACCOUNT_AND_CLIENT, LOGIN_WINDOW_SECONDS);
const clientLimiter = () => getLimiter("login-client", MAX_FAILED_LOGINS_PER_CLIENT, LOGIN_WINDOW_SECONDS);

/** Keys carry no e-mail address in clear. */
const pairKey = (email: string, client: string) => `${createHash("sha256").update(email).digest("base64url").slice(0, 22)}|${client}`;

export type SignInAttempt = { succeeded: () => Promise<void> };

/** Counts one attempt for this client and for (email, client); 429 when either is used up. */
export async function reserveSignInAttempt(email: string, client: string | null): Promise<SignInAttempt> {
  const clientKey = client ?? "unknown";
  const pair = pairKey(email, clientKey);
  await consumeOrThrow(clientLimiter(), clientKey, throttledMessage);
  try {
    await consumeOrThrow(pairLimiter(), pair, throttledMessage);
  } catch (error) {
    await clientLimiter().reward(clientKey, 1); // a refused attempt is not a failure of this client
    throw error;
  }
  return {
    succeeded: async () => {
      await Promise.all([pairLimiter().delete(pair), clientLimiter().reward(clientKey, 1)]);
    },
  };
}

/** After a password reset the account's pairs start afresh from every client (the rows expire by themselves otherwise). */
export async function clearSignInFailures(email: string, client: string | null): Promise<void> {
  await pairLimiter().delete(pairKey(email, client ?? "unknown"));
}
