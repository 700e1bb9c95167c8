import "server-only";
import { noteUnrecordedExpiry, recordCacheExpiry, settleExpiry } from "@/lib/redis/cache-expiry.mjs";
import { env } from "@/lib/env";
import { getRedis, withTimeout } from "@/lib/redis/client";

/**
 * With REDIS_URL: records tag expiry times in the shared cache
 * (server/cache/next-cache-handler.mjs), and moves the cache generation that
 * every instance's in-memory copies of entries read from Redis are checked against
 * (the cache handler's memory tier), before the request that changed the data
 * answers (lib/redis/cache-expiry.mjs). Next.js records a revalidateTag only
 * after the response is sent; meanwhile another instance would still serve
 * the old page. Every instance, of every build (the record is shared by all:
 * lib/redis/keys.mjs), drops an entry whose tags expired after it was stored,
 * at its next read, and answers from no copy kept before the generation moved
 * (once EXPIRY_SETTLE_MS have passed: lib/redis/cache-expiry.mjs).
 * Unreachable Redis: nothing more to do here — the cache handler keeps the
 * expiry Next.js hands it on disk and records it (moving the generation)
 * when Redis is back; and the cache handler, which may still reach Redis,
 * settles its own record before a server action answers (noteUnrecordedExpiry).
 */
export async function recordTagExpiry(tags: string[]): Promise<void> {
  const redis = getRedis();
  if (!redis || !tags.length) return;
  if (!redis.isReady) return noteUnrecordedExpiry(); // the cache handler records it, and settles
  const recorded = await withTimeout(recordCacheExpiry(redis, env.REDIS_PREFIX, tags, Date.now()), env.REDIS_CACHE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  if (!recorded) noteUnrecordedExpiry();
  // Every instance checks its copies against a generation read at most GENERATION_TRUST_MS old:
  // answering EXPIRY_SETTLE_MS after the move, no read from before it is still trusted anywhere.
  // Waited for a failed record too: Redis may have applied it (a reply lost, a timeout).
  await settleExpiry();
}
