import "server-only";
import { clientAddress } from "@/lib/net/client-address";
import { consumeOrThrow, getLimiter } from "@/lib/rate-limit/service";
import { publicLimit, type PublicLimitName } from "@/lib/rate-limit/limits";

export const rateLimitedMessage = (wait: string) => `Too many requests. Please try again in ${wait}.`;

/** Counts one public write by this client against `name`'s limit; 429 with Retry-After when it is used up. */
export async function enforcePublicLimit(name: PublicLimitName, req: { headers: Headers }): Promise<void> {
  const { points, seconds } = publicLimit(name);
  await consumeOrThrow(getLimiter(name, points, seconds), clientAddress(req.headers) ?? "unknown", rateLimitedMessage);
}
