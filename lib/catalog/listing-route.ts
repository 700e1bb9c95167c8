import { normalizeSearch, parseListingParams } from "@/lib/catalog/rules";
import { DEFAULT_SORT } from "@/lib/site";

/**
 * Maps a public listing URL (/shop, /shop/{category} with ?sort=&page=) to
 * the internal cached route /listing/{category|_all}/{sort}/{page}, and back.
 * Searches are not mapped: their pages render on demand.
 */
export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";

export function cachedListingPath(pathname: string, searchParams: URLSearchParams): string | null {
  const match = /^\/shop(?:\/([a-z0-9-]+))?\/?$/.exec(pathname);
  if (!match) return null;
  if (normalizeSearch(searchParams.get("search"))) return null;
  const { sort, page } = parseListingParams({ sort: searchParams.get("sort") ?? undefined, page: searchParams.get("page") ?? undefined });
  return `${LISTING_PREFIX}/${match[1] ?? ALL_CATEGORIES}/${sort ?? DEFAULT_SORT}/${page}`;
}

export function listingQueryFromSegments(sort: string, page: string): Record<string, string> {
  const parsed = parseListingParams({ sort, page });
  return {
    ...(parsed.sort && parsed.sort !== DEFAULT_SORT ? { sort: parsed.sort } : {}),
    ...(parsed.page > 1 ? { page: String(parsed.page) } : {}),
  };
}
