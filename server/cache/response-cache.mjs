/**
 * Finished responses of cached pages, kept by `npm start`'s front server
 * (server/front-server.mjs) and sent again without entering Next.js.
 *
 * Why: a cached page that Next.js serves from its cache handler still runs
 * Next's whole request pipeline (router, tracer, route module, cache-handler
 * lookup, header rules): profiled under load, that pipeline is most of a
 * cached hit's cost, well beyond sending the bytes. Here a repeat request for
 * a page Next has just served from its cache is answered with the same status,
 * headers and bytes, as a plain Node.js HTTP response.
 *
 * What is stored: a GET answered 200 by Next *from its cache*
 * (x-nextjs-cache: HIT — so it is the one stored page every visitor gets,
 * never a render for this visitor), without a cookie set, under 1 MB, from
 * the second such answer for the same request on (admission as for search
 * terms: server/cache/search-admission.mjs), so one-off addresses (random query
 * strings) store nothing and push nothing out. Key: the request target after
 * the front server's mapping (so /shop and /shop?sort=featured are one
 * entry) and the Accept-Encoding header as sent (the stored bytes are what
 * Next chose for it, compressed or not). Requests that may get another
 * answer never use it: RSC and prefetch requests (their headers), conditional
 * and range requests, server actions, Next's internal headers, /admin, /_next
 * and the live API.
 *
 * Bounded: 2,000 entries and 32 MB, least recently used first; an entry lives
 * at most its s-maxage and 5 minutes.
 *
 * Expiry on one instance: every catalogue change expires all of it, before
 * the change's request answers (lib/catalog/revalidate.ts through
 * expireStoredResponses in lib/cache/tag-expiry.ts) and again when Next.js
 * records the tag expiry in its cache handler (server/cache/next-cache-handler.mjs:
 * between the two, Next may still serve the old page from its cache, and it
 * may be stored here). A response whose request began before an expiry is
 * not stored (a generation count). Whole-cache expiry is coarse, but changes
 * are rare (an admin edit, a sale) and the pages are back at their next request.
 *
 * Several instances (REDIS_URL): a change made through another instance
 * reaches this memory through the shared cache generation in Redis
 * (lib/redis/cache-expiry.mjs), which every tag expiry moves before the
 * change's request answers. Each copy is kept with the generation its page
 * was read from Redis under (the cache handler sends it in GENERATION_HEADER,
 * taken off here; an answer without it is not kept), and is answered only when
 * the generation, from a read sent at most GENERATION_TRUST_MS before the
 * request arrived, is the same (currentGeneration: one read at a time on this
 * process's own connection, shared by the requests of the next few ms; the
 * change's request answers EXPIRY_SETTLE_MS after its move, so that read was
 * sent after any change that has answered). A read that fails
 * or takes longer than REDIS_CACHE_TIMEOUT_MS sends the request to Next.js, as
 * does a copy whose generation has moved (it is dropped), and a lost
 * connection or failed read drops every copy: an expiry that could not reach
 * Redis meanwhile is recorded when it is back and moves the generation then.
 * This instance's own changes drop its copies at once, as on one instance.
 * Answers from a copy carry STORED_HEADER.
 *
 * Plain JavaScript with its state on globalThis: the front server, the cache
 * handler and the app's bundles each load their own copy of this module, or
 * call the state's expire() directly.
 */
import { LRUCache } from "lru-cache";
import { processState } from "../../lib/process-state.mjs";
import { sharedEnv } from "../../lib/env-shared.mjs";
import { createGenerationReader } from "../../lib/redis/cache-expiry.mjs";
import { createClient } from "redis";

const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_AGE_MS = 5 * 60_000;
/** Longer keys (request target and Accept-Encoding) are never counted or stored. */
const MAX_KEY_LENGTH = 2_048;

/**
 * Request headers under which Next.js may give another answer than the plain
 * page, or that this store must not answer: RSC payloads, prefetches and
 * segments, server actions, Next's internal and platform headers (x-next…,
 * x-invoke…, x-matched-path, x-now-…, x-middleware…, x-prerender…,
 * x-vercel…), conditional and range requests, credentials. Such a request
 * always goes to Next.js, and its answer is never stored for anyone else.
 */
const OTHER_ANSWER_HEADER = /^(?:rsc|next-|x-next|x-invoke|x-matched-path|x-now-|x-middleware|x-prerender|x-vercel|range$|if-|authorization$|purpose$)/;

/**
 * A path Next.js reads otherwise than it is spelled (dot segments, a
 * backslash, an encoded dot, slash or backslash): such a request goes to
 * Next, so the path rules below cannot be stepped around.
 */
const NON_CANONICAL_PATH = /\/\.{1,2}(?:\/|$)|\\|%2e|%2f|%5c/i;

/** Paths never stored: Next's assets and image optimizer, the short image URLs rewritten to it, the admin, the live API. */
const NEVER_STORED_PATH = /^\/(?:_next\/|img\/|admin(?:\/|$)|api\/(?!cached\/))/;

/**
 * Request headers a response may vary on and still be stored: the key holds
 * Accept-Encoding, and requests carrying the others never use the store. A
 * response varying on anything else (the image optimizer's Accept) is not.
 */
const KEYED_VARY = new Set(["accept-encoding", "rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"]);

/** The cache generation a page read from the shared cache is as new as, set by the cache handler; never sent on. */
export const GENERATION_HEADER = "x-mm-cache-generation";
/** Set on every answer sent from here. */
const STORED_HEADER = "x-mm-cache";

/** Response headers that belong to one response, never replayed. */
const PER_RESPONSE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-request-id"]);

function createState() {
  const state = {
    generation: 0,
    entries: new LRUCache({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (entry, key) => entry.body.length + key.length + entry.headerBytes }),
    /** How often each key was asked for lately (admission: stored from the second cached answer on); its own count, so a flood of one-off addresses cannot push out search admissions. */
    reads: new LRUCache({ max: 10_000, ttl: 30 * 60_000 }),
    /** Drops every stored response, and any response being recorded. */
    expire() {
      state.generation += 1;
      state.entries.clear();
    },
  };
  return state;
}

/** @type {ReturnType<typeof createState>} */
const state = processState("responseCache", createState);

/** Several instances: the copies are checked against the shared cache generation. */
const shared = () => Boolean(sharedEnv().REDIS_URL);

/** This process's connection for reading the generation (several instances), made at the first stored answer. */
let generationClient = null;
function generationConnection() {
  if (generationClient) return generationClient;
  const { REDIS_URL, REDIS_PREFIX, PORT } = sharedEnv();
  generationClient = createClient({
    url: REDIS_URL,
    name: `${REDIS_PREFIX}response-cache:${PORT}`,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  // Lost: an expiry may not reach Redis until it is back, so no copy kept before is trusted.
  const lost = () => state.entries.clear();
  generationClient.on("error", lost);
  generationClient.on("reconnecting", lost);
  generationClient.on("end", lost);
  generationClient.connect().catch(() => {});
  return generationClient;
}

/**
 * The shared cache generation as of this request's arrival: from a read sent
 * at most GENERATION_TRUST_MS before it, on this process's own connection
 * (lib/redis/cache-expiry.mjs createGenerationReader): at once when the last
 * read is that recent, else a promise; null when unknown. A failed read drops
 * every copy.
 */
let generations = null;
function currentGeneration() {
  generations ??= createGenerationReader({
    connection: generationConnection,
    redisPrefix: sharedEnv().REDIS_PREFIX,
    timeoutMs: sharedEnv().REDIS_CACHE_TIMEOUT_MS,
    onFailure: () => state.entries.clear(),
  });
  return generations.recentValue() ?? generations.read();
}

/** Drops every stored response (any catalogue change). */
export function expireStoredResponses() {
  state.expire();
}

/** How many responses are stored (tests). */
export function storedResponseCount() {
  return state.entries.size;
}

/** The key of a request that may be answered from here, or null. */
export function responseKey(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  const end = url.indexOf("?");
  const path = end === -1 ? url : url.slice(0, end);
  if (NEVER_STORED_PATH.test(path) || NON_CANONICAL_PATH.test(path)) return null;
  if (end !== -1 && url.includes("_rsc=", end)) return null;
  const headers = req.headers;
  for (const name in headers) if (OTHER_ANSWER_HEADER.test(name)) return null;
  if (headers.cookie?.includes("__prerender_bypass")) return null;
  const encoding = headers["accept-encoding"];
  const key = `${url}\n${typeof encoding === "string" ? encoding : ""}`;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/**
 * Takes GENERATION_HEADER off a response Next.js answers before its headers
 * go out (every way they go out — writeHead, flushHeaders, the first write —
 * passes through writeHead), handing its value to `take`.
 */
export function takeGenerationHeader(res, take = () => {}) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    if (!res.headersSent && res.hasHeader(GENERATION_HEADER)) {
      take(String(res.getHeader(GENERATION_HEADER)));
      res.removeHeader(GENERATION_HEADER);
    }
    return writeHead.apply(this, args);
  };
}

function send(entry, req, res) {
  res.writeHead(entry.status, entry.headers);
  res.end(req.method === "HEAD" ? undefined : entry.body);
}

/**
 * Answers the request from here when its key is stored and (several
 * instances) the shared cache generation has not moved since: true when it
 * did, false when it did not — on several instances, either at once (a
 * recent generation read) or a promise of either.
 */
export function sendStoredResponse(key, req, res) {
  const entry = state.entries.get(key);
  if (!entry) return false;
  if (entry.generation === undefined) {
    send(entry, req, res);
    return true;
  }
  const answer = (generation) => {
    if (generation !== entry.generation) {
      if (generation !== null && state.entries.get(key) === entry) state.entries.delete(key);
      return false;
    }
    send(entry, req, res);
    return true;
  };
  const generation = currentGeneration();
  return typeof generation === "string" ? answer(generation) : generation.then(answer);
}

/** Seconds of s-maxage in a Cache-Control value, or undefined. */
function sMaxAge(cacheControl) {
  const match = /(?:^|,)\s*s-maxage=(\d+)/i.exec(typeof cacheControl === "string" ? cacheControl : "");
  return match ? Number(match[1]) : undefined;
}

/** Whether the response varies only on headers the key holds or that keep a request away from the store. */
function variesOnlyOnKeyed(vary) {
  if (vary === undefined) return true;
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary)).split(",");
  return names.every((name) => KEYED_VARY.has(name.trim().toLowerCase()) || name.trim() === "");
}

/** Whether what Next has set so far is the one cached answer everyone gets: a GET answered 200 from its cache, no cookie set, varying only on keyed headers. */
function cachedAnswer(req, res) {
  return req.method === "GET" && res.statusCode === 200 && res.getHeader("x-nextjs-cache") === "HIT" && !res.hasHeader("set-cookie") && variesOnlyOnKeyed(res.getHeader("vary"));
}

/**
 * Records what Next.js answers to this request, and stores it under `key`
 * when it may be (see above), once the response has finished (a response cut
 * off by an error, its connection destroyed, never finishes). Nothing is
 * buffered for an answer that cannot be stored. Call before handing the
 * request to Next.js.
 */
export function recordResponse(key, req, res) {
  state.reads.set(key, (state.reads.get(key) ?? 0) + 1);
  const generation = state.generation;
  /** The shared cache generation of Next's answer (several instances), taken off before its headers are sent. */
  let sharedGeneration = undefined;
  const chunks = [];
  let size = 0;
  let recording = undefined;
  const keep = (chunk, encoding) => {
    recording ??= cachedAnswer(req, res);
    if (!recording || chunk == null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      recording = false;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  takeGenerationHeader(res, (value) => (sharedGeneration = value));
  res.write = function (chunk, encoding, callback) {
    keep(chunk, encoding);
    return write.call(this, chunk, encoding, callback);
  };
  res.end = function (chunk, encoding, callback) {
    keep(chunk, encoding);
    return end.call(this, chunk, encoding, callback);
  };
  res.once("finish", () => {
    if (!recording || generation !== state.generation || !cachedAnswer(req, res) || (state.reads.get(key) ?? 0) < 2) return;
    if (shared() && sharedGeneration === undefined) return;
    store(key, res, Buffer.concat(chunks, size), sharedGeneration);
  });
}

function store(key, res, body, sharedGeneration) {
  const headers = {};
  let headerBytes = 0;
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
    headers[name] = value;
    headerBytes += name.length + String(value).length;
  }
  headers["content-length"] = String(body.length);
  headers[STORED_HEADER] = "stored";
  const ttl = Math.min(MAX_AGE_MS, (sMaxAge(res.getHeader("cache-control")) ?? Infinity) * 1000);
  if (ttl > 0) state.entries.set(key, { status: res.statusCode, headers, headerBytes, body, generation: sharedGeneration }, { ttl });
}
