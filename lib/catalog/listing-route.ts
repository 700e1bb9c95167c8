import { normalizeSearch, parseListingParams } from "@/lib/catalog/rules";
import { DEFAULT_SORT } from "@/lib/site";

/**
 * Maps a public listing URL (/shop, /shop/{category} with ?sort=&page=) to
 * the internal cached route /listing/{category|_all}/{sort}/{page}, and back.
 * Only known listings are mapped — the whole shop or an active category, a
 * page up to its last — so the cached route holds a bounded set of pages.
 * Searches, unknown categories and pages past the last render on demand
 * (a search result, the 404 page, a redirect to the last page).
 */
export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";

/** The last page of the whole shop and of each active category (lib/catalog/queries.ts getListingPageCounts). */
export type ListingPageCounts = { all: number; categories: Record<string, number> };

/** The slug of a listing URL (null for /shop), or undefined when the path is not a listing. */
export function listingSlug(pathname: string): string | null | undefined {
  const match = /^\/shop(?:\/([a-z0-9-]+))?\/?$/.exec(pathname);
  return match ? (match[1] ?? null) : undefined;
}

export function cachedListingPath(pathname: string, searchParams: URLSearchParams, pages: ListingPageCounts): string | null {
  const slug = listingSlug(pathname);
  if (slug === undefined) return null;
  if (normalizeSearch(searchParams.get("search"))) return null;
  const lastPage = slug === null ? pages.all : Object.hasOwn(pages.categories, slug) ? pages.categories[slug] : undefined;
  if (lastPage === undefined) return null;
  const { sort, page } = parseListingParams({ sort: searchParams.get("sort") ?? undefined, page: searchParams.get("page") ?? undefined });
  if (page > lastPage) return null;
  return `${LISTING_PREFIX}/${slug ?? ALL_CATEGORIES}/${sort ?? DEFAULT_SORT}/${page}`;
}

export function listingQueryFromSegments(sort: string, page: string): Record<string, string> {
  const parsed = parseListingParams({ sort, page });
  return {
    ...(parsed.sort && parsed.sort !== DEFAULT_SORT ? { sort: parsed.sort } : {}),
    ...(parsed.page > 1 ? { page: String(parsed.page) } : {}),
  };
}
