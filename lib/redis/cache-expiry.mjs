/**
 * Recording a tag expiry in the shared cache (REDIS_URL), for the app
 * (lib/cache/tag-expiry.ts, before a catalogue change's request answers) and
 * Next's cache handler (server/cache/next-cache-handler.mjs, when Next hands
 * it the expiry, and for expiries it kept while Redis was unreachable); and
 * reading the cache generation, for the in-memory copies an instance keeps:
 * the cache handler's entries read from Redis (its memory tier,
 * server/cache/next-cache-handler.mjs).
 *
 * The generation is a counter that every expiry moves, in the same
 * transaction as the expiry times. An instance keeps an entry in memory with
 * the generation read on the connection that read the entry from Redis,
 * before that read; it answers from that copy only when the
 * generation, read at most GENERATION_TRUST_MS before the request arrived, is
 * still the same. A change's request moves it, then waits EXPIRY_SETTLE_MS
 * (more than GENERATION_TRUST_MS) before it answers (lib/cache/tag-expiry.ts):
 * a request that arrives anywhere after that answer is checked against a read
 * sent after the move, so no instance answers from a copy older than a change
 * that has answered. (Reading at the request's own arrival, as before, cost a
 * Redis round trip for every two or three requests under load; a read now
 * serves every request of the next GENERATION_TRUST_MS.)
 *
 * A missing key (never set, evicted, Redis emptied) reads as "unknown" (no
 * copy is answered or kept) and is set again to a value above any it had
 * before: the time in ms × 1,000 (it moves by far fewer than 1,000 a ms).
 *
 * Plain JavaScript: the app and the server layer both load it.
 */
import { existingProcessState, setProcessState } from "../process-state.mjs";
import { cacheGenerationKey, revalidatedTagsKey } from "./keys.mjs";

const seed = () => String(Date.now() * 1000);

/** How long after it was sent a generation read answers for (ms); see above. */
export const GENERATION_TRUST_MS = 10;

/**
 * How long a change's request waits, once its expiry is recorded, before it
 * answers (ms): longer than GENERATION_TRUST_MS, so every read a copy is then
 * checked against was sent after the change. The margin covers timers firing
 * late on the reading side, never early on this one.
 */
export const EXPIRY_SETTLE_MS = 3 * GENERATION_TRUST_MS;

/** Resolves EXPIRY_SETTLE_MS from now. */
export function settleExpiry() {
  return new Promise((resolve) => setTimeout(resolve, EXPIRY_SETTLE_MS));
}

/** How long after the app failed to record an expiry the cache handler still settles its own records (ms). */
const UNRECORDED_MEMORY_MS = 60_000;

/**
 * Notes that the app could not record an expiry, or does not know whether it
 * was recorded (lib/cache/tag-expiry.ts): for a while the cache handler, which
 * records the same expiry as Next hands it over (before a server action's
 * answer), waits EXPIRY_SETTLE_MS after its own record too.
 */
export function noteUnrecordedExpiry() {
  setProcessState("unrecordedExpiryAt", performance.now());
}

/**
 * Whether the cache handler's record of an expiry must be settled before it
 * returns: when the app failed to record one lately. Otherwise the app's
 * record of the same change has moved the generation and settled already, and
 * the handler's later move adds no guarantee, only a wait per tag.
 */
export function handlerMustSettle() {
  const at = existingProcessState("unrecordedExpiryAt");
  return typeof at === "number" && performance.now() - at < UNRECORDED_MEMORY_MS;
}

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
 * `connection()`'s client: `read()` gives the generation as of a read sent at
 * most GENERATION_TRUST_MS before the call (the last read's answer while it is
 * that recent; else the read in flight when it was sent that recently; else a
 * read sent after the call, joined by every call made before it was sent, so a
 * burst of calls costs one read per round trip); null when unknown or
 * unreadable (not ready, failed, slower than `timeoutMs`), after calling
 * `onFailure` for a failed read. `now` is a monotonic clock in ms (tests pass
 * their own).
 */
export function createGenerationReader({ connection, redisPrefix, timeoutMs, onFailure = () => {}, now = () => performance.now() }) {
  /** The read in flight (and when it was sent), and the one to be sent after it (its callers came after the first was sent too long ago). */
  let inFlight = null;
  let next = null;
  /** The last read's answer and when that read was sent; null when unknown. */
  let known = null;
  const recent = (sentAt) => now() - sentAt <= GENERATION_TRUST_MS;
  function send(client) {
    const sentAt = now();
    const promise = withRedisTimeout(readCacheGeneration(client, redisPrefix), timeoutMs)
      .then((value) => {
        if (!known || known.sentAt <= sentAt) known = value === null ? null : { value, sentAt };
        return value;
      })
      .catch(() => {
        known = null;
        onFailure();
        return null;
      })
      .finally(() => {
        inFlight = null;
        const waiting = next;
        next = null;
        waiting?.resolve(read());
      });
    inFlight = { promise, sentAt };
    return promise;
  }
  function read() {
    const client = connection();
    if (!client?.isReady) {
      known = null;
      return Promise.resolve(null);
    }
    if (known && recent(known.sentAt)) return Promise.resolve(known.value);
    if (!inFlight) return send(client);
    if (recent(inFlight.sentAt)) return inFlight.promise;
    if (!next) {
      let resolve;
      next = { promise: new Promise((r) => (resolve = r)), resolve: (value) => resolve(value) };
    }
    return next.promise;
  }
  /** What read() would answer at once without Redis (a read sent at most GENERATION_TRUST_MS ago answered it), else undefined. */
  function recentValue() {
    return connection()?.isReady && known && recent(known.sentAt) ? known.value : undefined;
  }
  return { read, recentValue };
}
