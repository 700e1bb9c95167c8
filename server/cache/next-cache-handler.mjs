/**
 * Next.js's cache handler for this shop (next.config.ts `cacheHandler`):
 * ISR pages, route responses and the data cache (unstable_cache).
 *
 * Without REDIS_URL (one instance): Next's own in-memory cache with one rule
 * added — nothing written before this server process started is served. Tag
 * expiry (revalidateTag) lives in this process's memory only, so an entry
 * that outlived the process — the pages prerendered by `next build` from the
 * build's database, anything on disk — may be older than an expiry recorded
 * by a process that has since crashed (kill -9 right after a sale or an admin
 * edit). Such entries are treated as misses and rendered again from the
 * database, once, on first request after a start.
 *
 * With REDIS_URL (several instances): @fortedigital/nextjs-cache-handler's
 * redis-strings handler, so every instance reads and expires the same
 * entries — an edit on one instance is seen by all at their next request, and
 * expiry survives any instance's crash. Redis unreachable: every read is a
 * miss (pages are rendered from the database, slower, never an error) and
 * writes are dropped; an instance that lost Redis clears the shop's entries
 * when it is back, before reading any, since expiries may have been lost
 * meanwhile — nothing older than the database is served after the outage.
 * An expiry it could not record is kept on disk and recorded then, even after
 * a restart (server/cache/unrecorded-expiries.mjs). Each instance keeps the
 * entries it reads from Redis in memory and answers them again only while
 * the shared cache generation has not moved (the memory tier, in
 * resilientRedisHandler). Entries are per build, tag
 * expiries shared by every build (lib/redis/keys.mjs), so a rolling
 * deploy serves no page from before an edit made through either build.
 * `next build` never writes to Redis (its pages come from the build's database).
 *
 * Either way, an entry whose render began before one of its tags expired (an
 * edit or a sale during the render) is never served after that expiry: see
 * renderStart below.
 *
 * Search result pages (/shop?search=…, served by /listing/{category}/{sort}/{page}/{term}
 * by lib/catalog/listing-url.mjs) are reachable with any term, so they are
 * admitted with care (searchPageTerm below): a page is stored only when it
 * (its category, sort, page and normalised term: "Walnut  bowls" is "walnut
 * bowls") was asked for before on this instance, so one-off and random terms
 * render on demand and store nothing. Locally the stored search pages live in their own LRU, bounded in
 * count and bytes, so they never push listings or products out of the main
 * cache; in Redis they expire after SEARCH_PAGE_TTL_SECONDS. Tag expiry
 * applies to them as to every entry.
 */
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { areTagsExpired, tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { LRUCache } from "lru-cache";
import { createClient } from "redis";
import { buildKey, cacheGenerationKey, cacheNamespace, revalidatedTagsKey } from "../../lib/redis/keys.mjs";
import { createGenerationReader, handlerMustSettle, readCacheGeneration, recordCacheExpiry, settleExpiry, withRedisTimeout } from "../../lib/redis/cache-expiry.mjs";
import { sharedEnv } from "../../lib/env-shared.mjs";
import { createLogger } from "../../lib/log-shared.mjs";
import { noteCacheRead as noteSearchRead, readBefore as isPopularSearch, searchPageKey } from "./search-admission.mjs";
import { openUnrecordedExpiries, unrecordedExpiriesDir } from "./unrecorded-expiries.mjs";

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** This file runs outside the app's bundle: the app's log line (lib/log-shared.mjs) and configuration (lib/env-shared.mjs). */
const log = createLogger();
const config = sharedEnv();

/** When this server process started: entries older than this may predate a lost tag expiry. */
const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

/**
 * A "not found" page is never stored: an address that names nothing (a
 * category slug nobody created, a product that is gone) renders the 404 page
 * on demand, so random addresses cannot fill the cache or push real pages out.
 * Nor is a route's error answer (4xx, 5xx).
 */
function isNotFoundPage(value) {
  return (value?.kind === "APP_PAGE" && value.status === 404) || (value?.kind === "APP_ROUTE" && value.status >= 400);
}

// ---------------------------------------------------------------- renders that began before an expiry

/**
 * A render that began before one of its tags expired may have read the
 * database before the change that expired it (a price edit, a sale), so its
 * entry must never be served after that expiry — on any instance. Stored
 * afterwards with the time it was stored, it would outlive the expiry.
 *
 * When a render began: Next.js looks an entry up before it renders one
 * (pages, route answers and unstable_cache reads alike), so a lookup that
 * finds nothing usable starts a render of its key. Several renders of one key
 * may be under way at once (unstable_cache reads are not merged across
 * requests) and finish in any order, so each store is judged by the earliest
 * render of its key still under way, until all of them are stored. A store
 * with none recorded — the refresh of a stale entry (its lookup found one),
 * a render longer than RENDER_MAX_MS, a record pushed out by a flood of other
 * keys — counts as begun RENDER_MAX_MS ago. A lookup that found an entry
 * records nothing, so a popular page's first render after an edit is stored
 * at once.
 *
 * An entry is not stored when a tag of it expired after its render began,
 * and is stored dated from that start, so an expiry recorded later, or one
 * that reaches Redis after this check (the app records an edit's expiry on
 * its own connection, and Redis does not order two connections' commands),
 * drops it at its next read.
 */
const RENDER_MAX_MS = 30_000;
/** At most this many renders of one key are tracked; later ones are judged by the earliest. */
const RENDERS_PER_KEY = 64;
const pendingRenders = new LRUCache({ max: 20_000, ttl: RENDER_MAX_MS });

/** Start times of the renders of `key` still under way (the earliest first). */
function rendersUnderWay(key, now) {
  return (pendingRenders.get(key) ?? []).filter((t) => now - t < RENDER_MAX_MS);
}

/** A lookup of `key` found nothing usable: a render of it begins now. */
function noteRenderStart(key) {
  if (typeof key !== "string") return;
  const now = Date.now();
  const starts = rendersUnderWay(key, now);
  if (starts.length < RENDERS_PER_KEY) starts.push(now);
  pendingRenders.set(key, starts);
}

/** When the render now being stored under `key` began, taken conservatively (see above); one render of it fewer under way. */
function renderStart(key) {
  const now = Date.now();
  const starts = rendersUnderWay(key, now);
  if (!starts.length) {
    pendingRenders.delete(key);
    return now - RENDER_MAX_MS;
  }
  const earliest = starts[0];
  starts.pop();
  if (starts.length) pendingRenders.set(key, starts);
  else pendingRenders.delete(key);
  return earliest;
}

/** The tags an entry Next.js stores is expired by: an unstable_cache read's from its context, a page's or route answer's from its headers. */
function entryTags(value, ctx) {
  const header = value?.headers?.["x-next-cache-tags"];
  return [...(ctx?.tags ?? []), ...(typeof header === "string" ? header.split(",") : [])];
}

/** One instance: a tag of `tags` expired in this process after `since`. */
function expiredLocallySince(tags, since) {
  const now = Date.now();
  return tags.some((tag) => {
    const at = tagsManifest.get(tag)?.expired;
    return typeof at === "number" && at > since && at <= now;
  });
}

// ---------------------------------------------------------------- search result pages

/**
 * What an entry open to any input is admitted by: a search result page (its
 * key ends in /listing/{category}/{sort}/{page}/{term}; Next prefixes route
 * keys with /route-cache/…/$) by that page with its term normalised
 * (server/cache/search-admission.mjs; "" for a term without words: never
 * stored); undefined for every other entry.
 */
function searchPageTerm(key) {
  if (typeof key !== "string") return undefined;
  return searchPageKey(key);
}

/** Search pages held in memory (one instance): at most this many, and this many bytes. */
const SEARCH_PAGES_MAX = 1_000;
const SEARCH_PAGES_MAX_BYTES = 16 * 1024 * 1024;
/** How long Redis keeps a stored search page (less if its revalidate period is shorter). */
const SEARCH_PAGE_TTL_SECONDS = 10 * 60;

const byteLength = (data) => (data == null ? 0 : typeof data === "string" ? data.length : (data.byteLength ?? data.length ?? 0));
function entryBytes(entry, key) {
  const value = entry.value;
  let size = key.length + byteLength(value?.body) + byteLength(value?.html) + byteLength(value?.rscData) + byteLength(value?.postponed) + byteLength(value?.data?.body);
  for (const [path, data] of value?.segmentData ?? []) size += path.length + byteLength(data);
  return Math.max(1, size);
}

const searchPages = new LRUCache({ max: SEARCH_PAGES_MAX, maxSize: SEARCH_PAGES_MAX_BYTES, sizeCalculation: entryBytes });

// ---------------------------------------------------------------- one instance

class LocalCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await this.readEntry(key, ctx);
    if (!entry) noteRenderStart(key);
    return entry;
  }
  async readEntry(key, ctx) {
    const term = searchPageTerm(key);
    if (term !== undefined) {
      noteSearchRead(term);
      const entry = searchPages.get(key);
      const tags = entry?.value?.headers?.["x-next-cache-tags"];
      if (entry && typeof tags === "string" && areTagsExpired(tags.split(","), entry.lastModified)) {
        searchPages.delete(key);
        return null;
      }
      return entry ?? null;
    }
    const entry = await super.get(key, ctx);
    if (entry && typeof entry.lastModified === "number" && entry.lastModified < PROCESS_STARTED_AT) return null;
    return entry;
  }
  async set(key, value, ctx) {
    const startedAt = renderStart(key);
    if (isNotFoundPage(value)) return;
    const term = searchPageTerm(key);
    if (value && expiredLocallySince(entryTags(value, ctx), startedAt)) {
      if (term !== undefined) searchPages.delete(key);
      return;
    }
    if (term !== undefined) {
      if (!value || !isPopularSearch(term)) searchPages.delete(key);
      else searchPages.set(key, { value, lastModified: Date.now(), cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl });
      return;
    }
    return super.set(key, value, ctx);
  }
}

const REDIS_TIMEOUT_MS = config.REDIS_CACHE_TIMEOUT_MS;
/**
 * Render starts and tag expiries come from different instances' clocks, which
 * are taken to agree within this (NTP): a render that began less than this
 * after an expiry counts as begun before it.
 */
const CLOCK_SKEW_MS = 1_000;

/**
 * Every command of the handler, the redis-strings handler's included, counts
 * as failed after REDIS_TIMEOUT_MS: redis-strings gives each command an abort
 * signal, but node-redis does not end a command already sent, so on a hung
 * connection (open, nothing answering) its reads waited for ever and every
 * render needing the cache with them.
 */
const timed = (promise) => withRedisTimeout(promise, REDIS_TIMEOUT_MS);

/**
 * The redis-strings handler, for one build (`buildId`) of the shop on the
 * shared cache under `prefix` (REDIS_PREFIX), plus:
 *
 * - Entries are the build's own, the tag expiry record is every build's
 *   (lib/redis/keys.mjs): during a rolling deploy an edit through an
 *   instance of either build expires both builds' entries.
 * - An expiry that could not be recorded (Redis unreachable from this
 *   instance) is kept on disk under `journalDir` (server/cache/unrecorded-expiries.mjs)
 *   and recorded at the next connection — by this process, or after a restart
 *   by the next one — before this instance reads or stores any entry again.
 * - After this instance lost Redis it also clears the entries, every build's,
 *   before reading again: while Redis was away another instance's expiry may
 *   not have been recorded either. The expiry record is kept: a render that
 *   began before an expiry in it is still refused when stored after the clear.
 * - Every expiry recorded, and every clear, moves the cache generation
 *   (lib/redis/cache-expiry.mjs), so no instance answers from the memory tier
 *   (below) an entry it read before.
 */
/** Entries read from Redis that each instance keeps in memory (see resilientRedisHandler): at most this many, this many bytes, this long. */
const MEMORY_MAX_ENTRIES = 2_000;
const MEMORY_MAX_BYTES = 48 * 1024 * 1024;
const MEMORY_MAX_AGE_MS = 5 * 60_000;

export function resilientRedisHandler(client, { prefix, buildId, journalDir }) {
  const namespace = cacheNamespace(prefix);
  const expiryKey = revalidatedTagsKey(prefix);
  const generationKey = cacheGenerationKey(prefix);
  const own = (key) => buildKey(buildId, key);
  const inner = createRedisHandler({
    client,
    keyPrefix: namespace,
    sharedTagsKey: own("__sharedTags__"),
    sharedTagsTtlKey: own("__sharedTagsTtl__"),
    timeoutMs: REDIS_TIMEOUT_MS,
  });
  const unrecorded = openUnrecordedExpiries(journalDir, (error) =>
    log.error({ err: String(error), dir: journalDir }, "cache: could not keep unrecorded tag expiries on disk; a restart before Redis is back would forget them"),
  );
  /** Times this instance lost Redis, and how many of those a clear has answered for. */
  let losses = 0;
  let clearedThrough = 0;
  let settling = null;
  const settled = () => losses === clearedThrough && unrecorded.settled();

  async function clearEntries() {
    let cursor = "0";
    do {
      const page = await client.scan(cursor, { MATCH: `${namespace}*`, COUNT: 1000 });
      cursor = String(page.cursor);
      const entries = page.keys.filter((key) => key !== expiryKey && key !== generationKey);
      if (entries.length) await client.unlink(entries);
    } while (cursor !== "0");
  }
  /** Records the expiries owed, then clears the entries if Redis was lost since the last clear. */
  function settle() {
    if (settled() || !client.isReady) return Promise.resolve();
    settling ??= (async () => {
      const lossesNow = losses;
      const owed = unrecorded.owed();
      if (owed.length) {
        // Dated now, not when taken: later than any render that read the database before those edits.
        await timed(
          recordCacheExpiry(
            client,
            prefix,
            owed.map(([tag]) => tag),
            Date.now(),
          ),
        );
        unrecorded.recorded(owed);
        log.warn({ tags: owed.length }, "cache: recorded tag expiries Redis missed while it was unreachable");
      }
      if (lossesNow !== clearedThrough || unrecorded.clearOwed()) {
        await clearEntries();
        await timed(recordCacheExpiry(client, prefix, [], Date.now()));
        clearedThrough = lossesNow;
        unrecorded.cleared();
        log.warn("cache: Redis is reachable again; cleared the shared cache's entries (expiries may have been lost meanwhile)");
      }
    })()
      .catch(() => {})
      .finally(() => (settling = null));
    return settling;
  }
  /**
   * The memory tier: entries read from Redis, each kept with the cache
   * generation read on this connection before it, and answered again without
   * Redis while a read of the generation sent at most GENERATION_TRUST_MS
   * before the lookup began returns the same (lib/redis/cache-expiry.mjs
   * createGenerationReader: one read at a time, shared by the lookups of the
   * next few ms). Every tag expiry moves the generation in the transaction
   * that records it, and the change's request answers EXPIRY_SETTLE_MS later,
   * so an entry is never answered from memory after an expiry that the
   * change's request has answered; a failed or slow read, or a lost
   * connection, drops every entry.
   */
  const memory = new LRUCache({ max: MEMORY_MAX_ENTRIES, maxSize: MEMORY_MAX_BYTES, sizeCalculation: (kept, key) => entryBytes(kept.entry, key), ttl: MEMORY_MAX_AGE_MS });
  const generations = createGenerationReader({ connection: () => client, redisPrefix: prefix, timeoutMs: REDIS_TIMEOUT_MS, onFailure: () => memory.clear() });
  function keep(key, entry, generation) {
    const expireAt = entry?.lifespan?.expireAt;
    const ttl = typeof expireAt === "number" ? Math.min(MEMORY_MAX_AGE_MS, expireAt * 1000 - Date.now()) : MEMORY_MAX_AGE_MS;
    if (generation !== null && ttl > 0) memory.set(key, { entry, generation }, { ttl });
  }

  const lost = () => {
    losses++;
    memory.clear();
  };
  client.on("error", lost);
  client.on("reconnecting", lost);
  client.on("ready", () => void settle());
  void settle();

  /** Records a tag's expiry in Redis, moving the generation, and drops this build's entries tagged with it. */
  async function record(tag, at) {
    try {
      // The expiry time of every tag (redis-strings records it for implicit tags only): entries
      // stored before it are dropped at their next read, by any instance of any build; and the
      // generation moves, so no instance answers from memory an entry it read before.
      await timed(recordCacheExpiry(client, prefix, [tag], at));
    } catch (error) {
      // Not recorded: kept on disk until it is, so neither this instance's restart nor another
      // instance that never lost Redis (and so never clears) can go on serving what it expired.
      unrecorded.add([tag], at);
      lost();
      throw error;
    }
    try {
      // Drops this build's entries tagged with it at once (the other builds' go at their next read).
      await timed(inner.revalidateTag(tag));
    } catch (error) {
      lost();
      throw error;
    }
  }

  return {
    name: "redis-strings-resilient",
    async get(key, meta) {
      noteSearchRead(searchPageTerm(key));
      if (!settled()) await settle();
      if (!settled()) {
        noteRenderStart(key);
        return null;
      }
      const kept = memory.get(key);
      let generation;
      if (kept) {
        generation = generations.read();
        const current = await generation;
        if (current !== null && current === kept.generation) return kept.entry;
        if (memory.get(key) === kept) memory.delete(key);
      } else {
        // Sent first on this connection, so Redis reads it before the entry: the entry is at least as new as it.
        generation = timed(readCacheGeneration(client, prefix)).catch(() => null);
      }
      const entry = await timed(inner.get(own(key), meta)).catch(() => null);
      if (!entry) noteRenderStart(key);
      const read = await generation;
      if (entry) keep(key, entry, read);
      return entry;
    },
    async set(key, value, ctx) {
      memory.delete(key);
      const startedAt = renderStart(key) - CLOCK_SKEW_MS;
      if (!settled() || isNotFoundPage(value?.value)) return;
      const term = searchPageTerm(key);
      if (term !== undefined) {
        if (!isPopularSearch(term)) return;
        const expireAt = Math.floor(Date.now() / 1000) + SEARCH_PAGE_TTL_SECONDS;
        value = { ...value, lifespan: { ...value?.lifespan, expireAt: Math.min(value?.lifespan?.expireAt ?? expireAt, expireAt) } };
      }
      // A route answer's tags are in its headers only (the wrapper takes a page's from there, a
      // route's from a context that has none): without them here no instance's expiry would drop it.
      const tags = [...new Set([...(value?.tags ?? []), ...entryTags(value?.value)])];
      // A render that began before a tag's expiry (recorded by any instance, of any build) is not
      // stored, and what is stored is dated from its render's start (see renderStart).
      if (tags.length) {
        const times = await timed(client.hmGet(expiryKey, tags));
        if (times.some((t) => t && Number(t) > startedAt)) return;
      }
      return timed(inner.set(own(key), { ...value, tags, lastModified: Math.min(value?.lastModified ?? startedAt, startedAt) }, ctx));
    },
    async revalidateTag(tag) {
      memory.clear();
      const at = Date.now();
      try {
        await record(tag, at);
      } finally {
        // Answered after this (a server action's revalidations run before its answer): when the app
        // could not record the same expiry lately, no instance may trust a read from before this move.
        if (handlerMustSettle()) await settleExpiry();
      }
    },
    delete: (key) => {
      memory.delete(key);
      return timed(inner.delete(own(key)));
    },
    prepare: () => inner.prepare().catch(() => {}),
  };
}

let Handler = LocalCacheHandler;

if (config.REDIS_URL && config.NEXT_PHASE !== "phase-production-build") {
  CacheHandler.onCreation(async ({ buildId }) => {
    const client = createClient({
      url: config.REDIS_URL,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
    });
    // An unreachable Redis is reported by /api/ready, never a crash.
    client.on("error", () => {});
    await Promise.race([client.connect().catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
    const prefix = config.REDIS_PREFIX;
    const journalDir = unrecordedExpiriesDir(config.REDIS_URL, cacheNamespace(prefix));
    return { handlers: [resilientRedisHandler(client, { prefix, buildId: buildId?.trim() || "dev", journalDir })] };
  });
  Handler = CacheHandler;
}

export default Handler;
