import "server-only";
import { clientAddress } from "@/lib/net/client-address";
import { AppError } from "@/lib/errors";
import { consumeOrThrow, getLimiter, isRateLimited, retryAfterSeconds, waitText, type Limiter } from "@/lib/rate-limit/service";
import { photoLimit, publicLimit, RECIPIENT_LIMITS, type PhotoLimitName, type PublicLimitName, type RecipientLimitName } from "@/lib/rate-limit/limits";

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

export const photoAllowanceMessage = (wait: string) => `That is more photos than we can take from one address in a day. Please try again in ${wait}, or send it without photos.`;

/**
 * Counts a request's photos against this client's daily allowance (PHOTO_LIMITS: photos and bytes);
 * 429 with Retry-After when they do not fit, before anything is stored. No photos: nothing counted.
 * The answer gives them back: a request refused after this (a bad link, a bad field) stored nothing.
 */
export async function takePhotoAllowance(name: PhotoLimitName, req: { headers: Headers }, photos: Array<{ size: number }>): Promise<{ giveBack: () => Promise<void> }> {
  const client = clientAddress(req.headers) ?? "unknown";
  const taken: Array<[Limiter, number]> = [];
  const giveBack = async () => {
    for (const [limiter, n] of taken.splice(0)) await limiter.reward(client, n).catch(() => undefined);
  };
  if (!photos.length) return { giveBack };
  const { photos: count, kilobytes, seconds } = photoLimit(name);
  const take = async (limiter: Limiter, points: number) => {
    try {
      await limiter.consume(client, points);
      taken.push([limiter, points]);
    } catch (error) {
      // A refused request stores nothing, so none of what it asked for counts (the counter went up by it).
      if (isRateLimited(error)) await limiter.reward(client, points).catch(() => undefined);
      await giveBack();
      if (!isRateLimited(error)) throw error;
      const wait = retryAfterSeconds(error);
      throw new AppError("rate_limited", photoAllowanceMessage(waitText(wait)), { photos: photoAllowanceMessage(waitText(wait)) }, undefined, { retryAfterSeconds: wait });
    }
  };
  await take(getLimiter(`photos-${name}`, count, seconds), photos.length);
  await take(getLimiter(`photo-kb-${name}`, kilobytes, seconds), Math.max(1, Math.ceil(photos.reduce((sum, p) => sum + p.size, 0) / 1024)));
  return { giveBack };
}
