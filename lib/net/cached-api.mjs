/**
 * Public catalogue reads served from Next's route cache: `GET /api/products?…`
 * and `GET /api/search/suggest?q=…` are answered by a cached twin of their
 * route (app/api/cached/…), so a repeated query costs a cache hit instead of
 * running the route handler, which costs far more than a cache hit even when it
 * answers nothing (docs/decisions/0012-cached-api-twins.md).
 *
 * `npm start`'s front server (server/front-server.mjs) maps a request here,
 * before Next routes it, when its query is canonical enough to name one cached
 * answer: only the route's own parameters, each at most once, no control
 * characters, at most MAX_CACHED_QUERY_LENGTH characters. The query, its
 * parameters sorted, becomes one path segment (base64url, so no decoding
 * question arises); the cached route validates it with the very schema the
 * live route uses, so both answer alike, errors included (a 4xx is never
 * stored: server/cache/next-cache-handler.mjs). Anything else — a repeated or
 * unknown parameter, another method — goes on to the live route unchanged.
 * Where there is no front server (`next dev`, Vercel) the live routes answer.
 *
 * Any query can be asked for, so these answers are admitted to the cache
 * like search pages: from a query's second read on, in a bounded part of the
 * cache (server/cache/next-cache-handler.mjs).
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */

/** The cached routes' prefix: never reachable from outside (the front server answers 404). */
export const CACHED_API_PREFIX = "/api/cached";
/**
 * A longer query (as re-encoded) goes to the live route: its segment stays
 * within the 200 characters any route segment may have (lib/http.ts).
 */
export const MAX_CACHED_QUERY_LENGTH = 140;

const CACHED_ROUTES = new Map([
  ["/api/products", { to: `${CACHED_API_PREFIX}/products`, keys: new Set(["category", "search", "featured", "sort", "limit", "offset", "exclude"]) }],
  ["/api/search/suggest", { to: `${CACHED_API_PREFIX}/suggest`, keys: new Set(["q"]) }],
]);

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Every segment starts with this, so an empty query still names a segment. */
const SEGMENT_MARK = "q";

/** True for a request target under the cached routes' prefix. */
export function isCachedApiPath(target) {
  return target === CACHED_API_PREFIX || target.startsWith(`${CACHED_API_PREFIX}/`) || target.startsWith(`${CACHED_API_PREFIX}?`);
}

/** The cached route's target for a GET request target, or null when it must go to the live route. */
export function cachedApiTarget(target) {
  const mark = target.indexOf("?");
  const route = CACHED_ROUTES.get(mark === -1 ? target : target.slice(0, mark));
  if (!route) return null;
  const raw = mark === -1 ? "" : target.slice(mark + 1);
  if (raw.length > 4 * MAX_CACHED_QUERY_LENGTH) return null;
  const entries = [];
  const seen = new Set();
  for (const [key, value] of new URLSearchParams(raw)) {
    if (!route.keys.has(key) || seen.has(key) || CONTROL.test(value)) return null;
    seen.add(key);
    entries.push([key, value]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : 1));
  const query = new URLSearchParams(entries).toString();
  if (query.length > MAX_CACHED_QUERY_LENGTH) return null;
  return `${route.to}/${SEGMENT_MARK}${Buffer.from(query).toString("base64url")}`;
}

/** The query a cached route's segment carries; null for a segment no mapping wrote. */
export function cachedApiQuery(segment) {
  if (typeof segment !== "string" || !segment.startsWith(SEGMENT_MARK) || !/^[A-Za-z0-9_-]*$/.test(segment.slice(1))) return null;
  return new URLSearchParams(Buffer.from(segment.slice(1), "base64url").toString("utf8"));
}
