import { ALL_CATEGORIES, LISTING_PREFIX, listingFromSegments, listingSearchParams, MAX_CACHED_SEARCH_PAGE } from "@/lib/catalog/listing-url.mjs";

export { ALL_CATEGORIES, LISTING_PREFIX, MAX_CACHED_SEARCH_PAGE };

/**
 * The internal cached listing route /listing/{category|_all}/{sort}/{page}[/{term}]
 * (app/(shop)/listing), which /shop URLs are served by
 * (lib/catalog/listing-url.mjs): the URL query the listing components
 * expect, rebuilt from its segments (the term still percent-encoded, as the
 * route receives it).
 */
export function listingQueryFromSegments(sort: string, page: string, term?: string): Record<string, string> {
  return Object.fromEntries(listingSearchParams(listingFromSegments({ category: ALL_CATEGORIES, sort, page, term })));
}
