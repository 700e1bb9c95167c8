/**
 * Recording a tag expiry in the shared cache (REDIS_URL), for the app
 * (lib/cache/tag-expiry.ts, before a catalogue change's request answers) and
 * Next's cache handler (server/cache/next-cache-handler.mjs, when Next hands
 * it the expiry, and for expiries it kept while Redis was unreachable); and
 * reading the cache generation, for the in-memory copies an instance keeps:
 * the front server's finished responses (server/cache/response-cache.mjs)
 * and the cache handler's entries read from Redis
 * (server/cache/next-cache-handler.mjs).
 *
 * The generation is a counter that every expiry moves, in the same
 * transaction as the expiry times. An instance keeps a finished response in
 * memory with the generation read on the connection that read the page from
 * Redis, before that read; it answers from that copy only when the
 * generation, read after the request arrived, is still the same. A change
 * whose request has answered has moved it, so no instance answers from a copy
 * older than the change.
 *
 * A missing key (never set, evicted, Redis emptied) reads as "unknown" (no
 * copy is answered or kept) and is set again to a value above any it had
 * before: the time in ms × 1,000 (it moves by far fewer than 1,000 a ms).
 *
 * Plain JavaScript: the app and the server layer both load it.
 */
import { cacheGenerationKey, revalidatedTagsKey } from "./keys.mjs";

const seed = () => String(Date.now() * 1000);

/**
 * Records that `tags` expired at `at` (ms; none: only the generation moves)
 * and moves the cache generation, in one transaction. Rejects when Redis is
 * unreachable (the client is created with disableOfflineQueue).
 */
export function recordCacheExpiry(client, redisPrefix, tags, at) {
  const generation = cacheGenerationKey(redisPrefix);
  let transaction = client.multi();
  if (tags.length) transaction = transaction.hSet(revalidatedTagsKey(redisPrefix), Object.fromEntries(tags.map((tag) => [tag, String(at)])));
  return transaction.set(generation, seed(), { condition: "NX" }).incr(generation).exec();
}

/**
 * The cache generation (a string), or null when it is unknown (then set again,
 * see above). The read is sent at the call, before anything the caller sends
 * after it on the same connection.
 */
export async function readCacheGeneration(client, redisPrefix) {
  const key = cacheGenerationKey(redisPrefix);
  const value = await client.get(key);
  if (value === null) client.set(key, seed(), { condition: "NX" }).catch(() => {});
  return value;
}

/** `promise`, or a rejection after `ms` (a Redis command that hangs counts as failed). */
export function withRedisTimeout(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("Redis timed out")), ms)))]).finally(() => clearTimeout(timer));
}

/**
 * Reads of the cache generation for copies kept in memory, one at a time on
 * `connection()`'s client: `read()` gives the generation as of the call, from
 * a read sent after it (joined by every call made before that read was sent,
 * so a burst of calls costs one read per round trip); null when unknown or
 * unreadable (not ready, failed, slower than `timeoutMs`), after calling
 * `onFailure` for a failed read.
 */
export function createGenerationReader({ connection, redisPrefix, timeoutMs, onFailure = () => {} }) {
  /** The read in flight, and the one to be sent after it (its callers came after the first was sent). */
  let inFlight = null;
  let next = null;
  function read() {
    const client = connection();
    if (!client?.isReady) return Promise.resolve(null);
    if (!inFlight) {
      inFlight = withRedisTimeout(readCacheGeneration(client, redisPrefix), timeoutMs)
        .catch(() => {
          onFailure();
          return null;
        })
        .finally(() => {
          inFlight = null;
          const waiting = next;
          next = null;
          waiting?.resolve(read());
        });
      return inFlight;
    }
    if (!next) {
      let resolve;
      next = { promise: new Promise((r) => (resolve = r)), resolve: (value) => resolve(value) };
    }
    return next.promise;
  }
  return { read };
}
