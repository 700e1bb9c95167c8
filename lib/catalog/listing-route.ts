import { parseListingParams } from "@/lib/catalog/rules";
import { DEFAULT_SORT } from "@/lib/catalog/sort";
import { ALL_CATEGORIES, LISTING_PREFIX, MAX_CACHED_SEARCH_PAGE } from "@/lib/catalog/listing-url.mjs";

export { ALL_CATEGORIES, LISTING_PREFIX, MAX_CACHED_SEARCH_PAGE };

/**
 * The internal cached listing route /listing/{category|_all}/{sort}/{page}[/{term}]
 * (app/(shop)/listing), which /shop URLs are served by
 * (lib/catalog/listing-url.mjs): the URL query the listing components
 * expect, rebuilt from its segments.
 */
export function listingQueryFromSegments(sort: string, page: string, search?: string): Record<string, string> {
  const parsed = parseListingParams({ sort, page, search });
  return {
    ...(parsed.search ? { search: parsed.search } : {}),
    ...(parsed.sort && parsed.sort !== DEFAULT_SORT ? { sort: parsed.sort } : {}),
    ...(parsed.page > 1 ? { page: String(parsed.page) } : {}),
  };
}
