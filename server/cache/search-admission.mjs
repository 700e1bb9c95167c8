/**
 * Which entries open to any input may be stored: pages read lately, and how
 * often. A search result page is stored from its second read on, so one-off and
 * random terms store nothing; a search page is counted by its category, sort,
 * page number and normalised term, so the first read of another sort or page
 * of a known term is not prerendered for nothing either. At most
 * 5,000 keys, forgotten after 30 minutes; one count per server process,
 * shared by the cache handler (server/cache/next-cache-handler.mjs), which counts
 * each read of a cached search page, and `npm start`'s front server
 * (server/front-server.mjs), which counts each search it is asked for and,
 * without a shared cache, sends a search page's first read to /shop on demand
 * rather than to the cached route: a page that will not be stored is cheaper
 * rendered once than prerendered (docs/decisions/0003-first-read-renders-on-demand.md).
 *
 * Plain JavaScript: the front server and the cache handler load it outside
 * the app's bundles; the count is process state (lib/process-state.mjs) so both see one.
 */
import { LRUCache } from "lru-cache";
import { ALL_CATEGORIES, listingFromSegments } from "../../lib/catalog/listing-url.mjs";
import { normalizeSearchTerm } from "../../lib/search/words.mjs";
import { processState } from "../../lib/process-state.mjs";

const reads = processState("searchReads", () => new LRUCache({ max: 5_000, ttl: 30 * 60_000 }));
/** Whether `npm start`'s front server counts this process's search page reads (countSearchPagesAtFrontServer). */
const counting = processState("searchReadCounting", () => ({ frontServer: false }));

/** The path of a search page's cached route, at the end of a cache key or request path: …/listing/{category}/{sort}/{page}/{term}. */
const SEARCH_PAGE_PATH = /\/listing\/([^/?]+)\/([^/?]+)\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;

/**
 * A search's admission key from its listing (lib/catalog/listing-url.mjs
 * parseListingRequest, the one parse): category, sort, page and the term's
 * key (lib/search/words.mjs: "Walnut  bowls" is "walnut bowls");
 * "" for a term without words (never stored).
 */
export function searchKey({ category, sort, page, term }) {
  const normalized = normalizeSearchTerm(term);
  return normalized && `search:${category ?? ALL_CATEGORIES}/${sort}/${page}/${normalized}`;
}

/**
 * A search result page's admission key from its cached route's path
 * (lib/catalog/listing-url.mjs listingFromSegments reads the segments as the
 * page does), searchKey; undefined for any other path.
 */
export function searchPageKey(path) {
  const match = SEARCH_PAGE_PATH.exec(path);
  if (!match) return undefined;
  return searchKey(listingFromSegments({ category: match[1], sort: match[2], page: match[3], term: match[4] }));
}

/** Counts one read of `key` (nothing for ""). */
export function noteRead(key) {
  if (key) reads.set(key, (reads.get(key) ?? 0) + 1);
}

/**
 * The front server counts every search page read itself, as it arrives
 * (server/front-server.mjs), before the cache handler reads the page: from
 * then on the handler's reads of search pages are not counted again
 * (noteCacheRead). Counted twice, a search's first read on several instances
 * (REDIS_URL, where every read goes to the cached route) looked like its
 * second, so every never-seen search was stored in Redis.
 */
export function countSearchPagesAtFrontServer() {
  counting.frontServer = true;
}

/** A read of `key` by Next's cache handler: counted, unless it is a search page the front server has counted already. */
export function noteCacheRead(key) {
  if (counting.frontServer && key?.startsWith("search:")) return;
  noteRead(key);
}

/** How many reads of `key` were counted (this one included, once noted); 0 for "". */
export function readCount(key) {
  return key ? (reads.get(key) ?? 0) : 0;
}

/** Whether `key` was read before the read now under way (so what it renders may be stored). */
export function readBefore(key) {
  return Boolean(key) && (reads.get(key) ?? 0) >= 2;
}
