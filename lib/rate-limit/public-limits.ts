import "server-only";
import { clientAddress } from "@/lib/net/client-address";
import { consumeOrThrow, getLimiter, isRateLimited } from "@/lib/rate-limit/service";
import { publicLimit, RECIPIENT_LIMITS, type PublicLimitName, type RecipientLimitName } from "@/lib/rate-limit/limits";

export const rateLimitedMessage = (wait: string) => `Too many requests. Please try again in ${wait}.`;

/** Counts one public write by this client against `name`'s limit; 429 with Retry-After when it is used up. */
export async function enforcePublicLimit(name: PublicLimitName, req: { headers: Headers }): Promise<void> {
  const { points, seconds } = publicLimit(name);
  await consumeOrThrow(getLimiter(name, points, seconds), clientAddress(req.headers) ?? "unknown", rateLimitedMessage);
}

/** One mailbox however it is spelled: lower case, without a "+tag" in the local part. */
const mailboxKey = (email: string) => {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).split("+")[0];
  return `${local}@${email.slice(at + 1)}`.trim().toLowerCase();
};

/** Takes one of `name`'s emails for this recipient (RECIPIENT_LIMITS): false when the cap is reached, and nothing is to be sent. */
export async function takeRecipientAllowance(name: RecipientLimitName, email: string): Promise<boolean> {
  const { points, seconds } = RECIPIENT_LIMITS[name];
  try {
    await getLimiter(`recipient-${name}`, points, seconds).consume(mailboxKey(email));
    return true;
  } catch (error) {
    if (isRateLimited(error)) return false;
    throw error;
  }
}
