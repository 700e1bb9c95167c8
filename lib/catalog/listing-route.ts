import { normalizeSearch, parseListingParams } from "@/lib/catalog/rules";
import { DEFAULT_SORT } from "@/lib/site";
import { ALL_CATEGORIES, LISTING_PREFIX } from "@/lib/catalog/listing-rewrites";

export { ALL_CATEGORIES, LISTING_PREFIX };

/**
 * Maps a public listing URL (/shop, /shop/{category} with ?sort=&page=) to
 * the internal cached route /listing/{category|_all}/{sort}/{page}, and back.
 * Only known listings are mapped — the whole shop or an active category, a
 * page up to its last — so the cached route holds a bounded set of pages.
 * Unknown categories and pages past the last render on demand (the 404
 * page, a redirect to the last page); so do searches, until a term is
 * searched again (cachedSearchPath).
 */

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

/** Search result pages are cached up to this page; later pages render on demand. */
export const MAX_CACHED_SEARCH_PAGE = 5;

/**
 * The cached route of a search result page of a known listing:
 * /listing/{category|_all}/{sort}/{page}/{term}, the term as typed (trimmed),
 * so the page shows what the shopper searched for. Null for anything else.
 * proxy.ts only asks for terms searched before (lib/catalog/popular-searches.ts),
 * so one-off and random terms never enter the cache.
 */
export function cachedSearchPath(pathname: string, searchParams: URLSearchParams, pages: ListingPageCounts): string | null {
  const slug = listingSlug(pathname);
  if (slug === undefined) return null;
  const { search, sort, page } = parseListingParams({
    search: searchParams.get("search") ?? undefined,
    sort: searchParams.get("sort") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
  if (!search || page > MAX_CACHED_SEARCH_PAGE) return null;
  if (slug !== null && !Object.hasOwn(pages.categories, slug)) return null;
  return `${LISTING_PREFIX}/${slug ?? ALL_CATEGORIES}/${sort ?? DEFAULT_SORT}/${page}/${encodeURIComponent(search)}`;
}

export function listingQueryFromSegments(sort: string, page: string, search?: string): Record<string, string> {
  const parsed = parseListingParams({ sort, page, search });
  return {
    ...(parsed.search ? { search: parsed.search } : {}),
    ...(parsed.sort && parsed.sort !== DEFAULT_SORT ? { sort: parsed.sort } : {}),
    ...(parsed.page > 1 ? { page: String(parsed.page) } : {}),
  };
}
