import "server-only";
import { recordCacheExpiry } from "@/lib/redis/cache-expiry.mjs";
import { env } from "@/lib/env";
import { existingProcessState } from "@/lib/process-state.mjs";
import { getRedis, withTimeout } from "@/lib/redis/client";

/**
 * Drops the responses `npm start`'s front server keeps (server/cache/response-cache.mjs)
 * before the request that changed the catalogue answers. Its state lives on
 * globalThis, outside this bundle; absent under `next dev` and on Vercel.
 */
export function expireStoredResponses(): void {
  existingProcessState<{ expire(): void }>("responseCache")?.expire();
}

/**
 * With REDIS_URL: records tag expiry times in the shared cache
 * (server/cache/next-cache-handler.mjs), and moves the cache generation that
 * every instance's in-memory copies of finished responses are checked against
 * (server/cache/response-cache.mjs), before the request that changed the data
 * answers (lib/redis/cache-expiry.mjs). Next.js records a revalidateTag only
 * after the response is sent; meanwhile another instance would still serve
 * the old page. Every instance, of every build (the record is shared by all:
 * lib/redis/keys.mjs), drops an entry whose tags expired after it was stored,
 * at its next read, and answers from no copy kept before the generation moved.
 * Unreachable Redis: nothing more to do here — the cache handler keeps the
 * expiry Next.js hands it on disk and records it (moving the generation)
 * when Redis is back.
 */
export async function recordTagExpiry(tags: string[]): Promise<void> {
  const redis = getRedis();
  if (!redis || !tags.length || !redis.isReady) return;
  await withTimeout(recordCacheExpiry(redis, env.REDIS_PREFIX, tags, Date.now()), env.REDIS_CACHE_TIMEOUT_MS).catch(() => {});
}
