/**
 * Every key the shop writes to Redis (REDIS_URL), in one place for the cache
 * handler (server/cache/next-cache-handler.mjs) and the app
 * (lib/cache/tag-expiry.ts, lib/rate-limit/service.ts):
 *
 *   {REDIS_PREFIX}rl:{limit}:{client}             a rate limit's count (rate-limiter-flexible; its keyPrefix)
 *
 *   {REDIS_PREFIX}cache:                          the shared cache, every build's
 *   {REDIS_PREFIX}cache:__revalidated_tags__      when each tag last expired (field: tag, value: ms)
 *   {REDIS_PREFIX}cache:__generation__            moves at every tag expiry (lib/redis/cache-expiry.mjs): the
 *                                                 front servers' in-memory copies check it before answering
 *   {REDIS_PREFIX}cache:{buildId}:{key}           an entry, of one build
 *   {REDIS_PREFIX}cache:{buildId}:__sharedTags__  that build's entries' tags (and __sharedTagsTtl__, their lifetimes)
 *
 * Entries belong to the build that rendered them (a page names its build's
 * scripts). Tag expiries do not: an edit made through an instance of one
 * build must expire the entries of every build still running beside it (a
 * rolling deploy), so the expiry record is shared by all builds, and it
 * survives a clear of the entries (and so does the generation).
 */

/** A rate limit's keys (rate-limiter-flexible appends ":" and the client's key to this prefix). */
export function rateLimitPrefix(redisPrefix, limitName) {
  return `${redisPrefix}rl:${limitName}`;
}

/** What @fortedigital/nextjs-cache-handler's redis-strings handler calls its expiry record (keyPrefix + this). */
const REVALIDATED_TAGS = "__revalidated_tags__";

/** Every build's part of the shared cache (the redis-strings handler's keyPrefix). */
export function cacheNamespace(redisPrefix) {
  return `${redisPrefix}cache:`;
}

/** The expiry record of the shared cache, all builds' (a hash: tag → when it last expired, ms). */
export function revalidatedTagsKey(redisPrefix) {
  return cacheNamespace(redisPrefix) + REVALIDATED_TAGS;
}

/** A key of one build's, below the namespace: entries, and that build's tag and lifetime records. */
export function buildKey(buildId, key) {
  return `${buildId}:${key}`;
}

/** The cache generation, every build's: a counter that every tag expiry moves (lib/redis/cache-expiry.mjs). */
export function cacheGenerationKey(redisPrefix) {
  return cacheNamespace(redisPrefix) + "__generation__";
}
