/**
 * What a shared cache (a CDN, Varnish) in front of the shop may keep, and the
 * tags it files each answer under: one rule for every answer the shop sends,
 * applied by `npm start`'s front server as the headers go out
 * (server/cdn-headers.mjs), so pages Next renders, pages and API answers
 * Next serves from its cache all carry the same headers.
 *
 * - Private routes (admin, cart, checkout, order status and confirmation,
 *   quote, review and newsletter links, account) are `private, no-store`
 *   whatever rendered them.
 * - A public catalogue answer (a page Next caches — it sends `s-maxage` — or
 *   a catalogue API read) is filed under the catalogue's tags
 *   (lib/cache/tags.mjs) in `Surrogate-Key` (Fastly, Varnish xkey) and
 *   `Cache-Tag` (Cloudflare), and may be kept by a shared cache:
 *     with a purging CDN configured (CDN_PURGE), for Next's own period
 *     (`s-maxage=3600`), since every change purges it by tag (lib/cdn/purge-service.ts);
 *     without one, for SAFE_SHARED_MAX_AGE seconds at most, then revalidated
 *     with its ETag (docs/decisions/0014-cdn-purge-by-tag.md).
 *   Browsers always revalidate (`max-age=0`): a 304 costs a header.
 *
 * Plain JavaScript: the front server loads it outside the app's bundles.
 */
import { CATALOG_TAGS } from "../cache/tags.mjs";

/** Without a purging CDN, how long (s) a shared cache may answer a catalogue page without asking again: the longest a shopper may see an old price or a sold piece. */
export const SAFE_SHARED_MAX_AGE = 60;
/** With a purging CDN: how long a shared cache may keep a catalogue answer unless a purge drops it first (Next's own revalidate period). */
export const PURGED_SHARED_MAX_AGE = 3600;
/** With a purging CDN: how long past that it may answer while fetching anew. */
const PURGED_STALE_WHILE_REVALIDATE = 60;
/** Longest tag header sent: well under Fastly's 16 KB Surrogate-Key and Cloudflare's 16 KB Cache-Tag limits. */
export const MAX_TAG_HEADER_LENGTH = 1024;

/** Routes answered for one visitor only: never kept by a shared cache. */
const PRIVATE_PATH = /^\/(?:admin|cart|checkout|account|order-status|order-confirmation|quote|review|newsletter)(?:\/|$)/;
/** Public catalogue API reads. */
const CATALOGUE_API_PATH = /^\/api\/(?:products|search\/suggest)$/;
const PRODUCT_PATH = /^\/product\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
/** Files the shop serves from its uploads folder (app/uploads/[...path]/route.ts): names the shop gives, so plain ASCII (a tag header takes nothing else). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._~%/-]+$/;

/**
 * The tags a public answer at `path` is filed under: every catalogue-wide tag
 * (any page shows the category menu; every catalogue change expires
 * `products`), and a product page its own `product:{slug}` too.
 */
export function cdnTags(path) {
  const tags = [CATALOG_TAGS.products, CATALOG_TAGS.categories, CATALOG_TAGS.gallery];
  const product = PRODUCT_PATH.exec(path);
  if (product) tags.push(CATALOG_TAGS.product(product[1]));
  return tags;
}

/**
 * `tags` joined by `separator`, at most MAX_TAG_HEADER_LENGTH long: past it,
 * the narrow tags (product:…) are left off, the catalogue-wide ones — which
 * every change purges — always stay.
 */
export function tagHeader(tags, separator) {
  const kept = [];
  let length = 0;
  for (const tag of tags) {
    const added = (kept.length ? separator.length : 0) + tag.length;
    if (length + added > MAX_TAG_HEADER_LENGTH) continue;
    kept.push(tag);
    length += added;
  }
  return kept.join(separator);
}

function sMaxAge(cacheControl) {
  const match = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl ?? "");
  return match ? Number(match[1]) : undefined;
}

/** Cache-Control a shared cache may keep a catalogue answer under (see above). */
export function sharedCacheControl(purging) {
  return purging
    ? `public, max-age=0, s-maxage=${PURGED_SHARED_MAX_AGE}, stale-while-revalidate=${PURGED_STALE_WHILE_REVALIDATE}`
    : `public, max-age=0, s-maxage=${SAFE_SHARED_MAX_AGE}, must-revalidate`;
}

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The headers an answer goes out with: `{ cacheControl, tags }` to set
 * (tags: null for none), or null to leave it as Next made it.
 * `path` is the path the client asked for (before the front server's
 * mapping), `cacheControl` what Next set.
 */
export function cdnAnswerPolicy({ method, path, status = 200, cacheControl, purging }) {
  if (PRIVATE_PATH.test(path)) return { cacheControl: PRIVATE_CACHE_CONTROL, tags: null };
  if (method !== "GET" && method !== "HEAD") return null;
  // A public upload keeps its own Cache-Control (a review photo's 5 minutes, the maker's immutable year) and
  // is filed under its own tag, which hiding a review purges (lib/cdn/purge-service.ts purgeUploadUrls).
  if (UPLOAD_PATH.test(path)) {
    const own = typeof cacheControl === "string" ? cacheControl : "";
    return status === 200 && /\bpublic\b/i.test(own) && !/private|no-store/i.test(own) ? { cacheControl: own, tags: [CATALOG_TAGS.upload(path)] } : null;
  }
  // An API error (a bad query) keeps the route's own no-store.
  const catalogueApi = CATALOGUE_API_PATH.test(path) && (status === 200 || status === 304);
  if (!catalogueApi && sMaxAge(typeof cacheControl === "string" ? cacheControl : undefined) === undefined) return null;
  if (/private|no-store/i.test(String(cacheControl ?? "")) && !catalogueApi) return null;
  return { cacheControl: sharedCacheControl(purging), tags: cdnTags(path) };
}

/** Whether an If-None-Match request header matches `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch, etag) {
  if (typeof ifNoneMatch !== "string" || typeof etag !== "string" || !etag) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, "");
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}
