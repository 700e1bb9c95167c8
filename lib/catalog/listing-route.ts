import { parseListingParams } from "@/lib/catalog/rules";
import { DEFAULT_SORT } from "@/lib/site";
import { ALL_CATEGORIES, LISTING_PREFIX, MAX_CACHED_SEARCH_PAGE } from "@/lib/catalog/listing-rewrites";

export { ALL_CATEGORIES, LISTING_PREFIX, MAX_CACHED_SEARCH_PAGE };

/**
 * The internal cached listing route /listing/{category|_all}/{sort}/{page}[/{term}]
 * (app/(shop)/listing), which next.config.ts rewrites /shop URLs to
 * (lib/catalog/listing-rewrites.ts): the URL query the listing components
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
