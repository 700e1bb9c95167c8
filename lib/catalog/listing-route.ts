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

/**
 * What a cached route's page shows, from its segments (the term still
 * percent-encoded, as the route receives it): its category's slug (null for
 * all products) and the URL query the listing components expect.
 */
export function cachedListingProps({ category, sort, page, term }: { category: string; sort: string; page: string; term?: string }): { slug: string | null; query: Record<string, string> } {
  return { slug: category === ALL_CATEGORIES ? null : category, query: listingQueryFromSegments(sort, page, term) };
}
