import { LRUCache } from "lru-cache";
import { normalizeSearchTerm } from "@/lib/catalog/search-query";

/**
 * Which search terms this process has seen lately: the request guard caches a
 * search result page only for a term asked for before (lib/catalog/listing-route.ts
 * cachedSearchPath), so a popular search is a cache hit while one-off and random
 * terms render on demand and never push cached listings out of Next's
 * memory-bounded cache. Keyed by the normalised term ("Walnut bowls" and
 * "walnut  bowls" are one term); at most 5,000 terms, forgotten after 30 minutes.
 */
const seen = new LRUCache<string, true>({ max: 5_000, ttl: 30 * 60 * 1000 });

/** Records a search for `term`; true when it had been searched before (within the window). */
export function noteSearch(term: string): boolean {
  const key = normalizeSearchTerm(term);
  if (!key) return false;
  if (seen.has(key)) return true;
  seen.set(key, true);
  return false;
}
