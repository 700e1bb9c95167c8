/**
 * Which entries open to any input may be stored: terms read lately, and how
 * often. A search result page (or a cached API answer) is stored from its
 * term's second read on, so one-off and random terms store nothing. At most
 * 5,000 terms, forgotten after 30 minutes; one count per server process,
 * shared by the cache handler (lib/cache/next-cache-handler.mjs), which counts
 * each read of a cached search page, and `npm start`'s front server
 * (scripts/next-server.mjs), which counts each search it is asked for and,
 * without a shared cache, sends a term's first search to /shop on demand
 * rather than to the cached route: a page that will not be stored is cheaper
 * rendered once than prerendered (~30 % more never-seen searches per second).
 *
 * Plain JavaScript: the front server and the cache handler load it outside
 * the app's bundles; the count lives on globalThis so both see one.
 */
import { LRUCache } from "lru-cache";
import { normalizeSearchTerm } from "../catalog/search-words.mjs";

const reads = (globalThis.__mmSearchReads ??= new LRUCache({ max: 5_000, ttl: 30 * 60_000 }));

/** A search term's admission key: its normalised form ("Walnut  bowls" is "walnut bowls"); "" for a term without words, never stored. */
export function searchTermKey(term) {
  const normalized = normalizeSearchTerm(term);
  return normalized && `search:${normalized}`;
}

/** Counts one read of `key` (nothing for ""). */
export function noteRead(key) {
  if (key) reads.set(key, (reads.get(key) ?? 0) + 1);
}

/** Whether `key` was read before the read now under way (so what it renders may be stored). */
export function readBefore(key) {
  return Boolean(key) && (reads.get(key) ?? 0) >= 2;
}
