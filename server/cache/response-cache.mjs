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
 * Expiry: every catalogue change expires all of it, before the change's
 * request answers (lib/catalog/revalidate.ts through expireStoredResponses in
 * lib/cache/tag-expiry.ts) and again when Next.js records the tag expiry in
 * its cache handler (server/cache/next-cache-handler.mjs: between the two, Next
 * may still serve the old page from its cache, and it may be stored here).
 * A response whose request began before an expiry is not stored (a
 * generation count). Whole-cache expiry is coarse, but changes are rare
 * (an admin edit, a sale) and the pages are back at their next request.
 *
 * One instance only: with REDIS_URL (several instances) an expiry on another
 * instance would not reach this memory before this instance's next request,
 * so the front server does not use it (enabled: false) and every request goes
 * to Next.js, which reads the shared cache.
 *
 * Plain JavaScript with its state on globalThis: the front server, the cache
 * handler and the app's bundles each load their own copy of this module, or
 * call the state's expire() directly.
 */
import { LRUCache } from "lru-cache";
import { processState } from "../../lib/process-state.mjs";
import { sharedEnv } from "../../lib/env-shared.mjs";

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

/** Whether this process may use it: one instance, no shared cache. */
const enabled = () => !sharedEnv().REDIS_URL;

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
  if (!enabled() || (req.method !== "GET" && req.method !== "HEAD")) return null;
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

/** Answers the request from here when its key is stored; true when it did. */
export function sendStoredResponse(key, req, res) {
  const entry = state.entries.get(key);
  if (!entry) return false;
  res.writeHead(entry.status, entry.headers);
  res.end(req.method === "HEAD" ? undefined : entry.body);
  return true;
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
  return (
    req.method === "GET" &&
    res.statusCode === 200 &&
    res.getHeader("x-nextjs-cache") === "HIT" &&
    !res.hasHeader("set-cookie") &&
    variesOnlyOnKeyed(res.getHeader("vary"))
  );
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
  res.write = function (chunk, encoding, callback) {
    keep(chunk, encoding);
    return write.call(this, chunk, encoding, callback);
  };
  res.end = function (chunk, encoding, callback) {
    keep(chunk, encoding);
    return end.call(this, chunk, encoding, callback);
  };
  res.once("finish", () => {
    if (recording && generation === state.generation && cachedAnswer(req, res) && (state.reads.get(key) ?? 0) >= 2) store(key, res, Buffer.concat(chunks, size));
  });
}

function store(key, res, body) {
  const headers = {};
  let headerBytes = 0;
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
    headers[name] = value;
    headerBytes += name.length + String(value).length;
  }
  headers["content-length"] = String(body.length);
  const ttl = Math.min(MAX_AGE_MS, (sMaxAge(res.getHeader("cache-control")) ?? Infinity) * 1000);
  if (ttl > 0) state.entries.set(key, { status: res.statusCode, headers, headerBytes, body }, { ttl });
}
