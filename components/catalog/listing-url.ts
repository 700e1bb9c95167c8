import { DEFAULT_SORT, listingSearchParams, parseListingQuery, SORT_VALUES } from "@/lib/catalog/listing-url.mjs";
import { normalizeSearch } from "@/lib/catalog/search-words.mjs";

export type ListingQuery = Record<string, string | string[] | undefined>;
export type ListingChange = { search?: string | null; sort?: string | null; page?: number | null };

/**
 * The href of a shop listing with some of its URL state changed: the current
 * query read by the one parse of a listing (lib/catalog/listing-url.mjs),
 * changed, and written back by its inverse (listingSearchParams). Other query
 * parameters are kept; defaults are omitted (page 1, the featured sort, an
 * empty search), the term is normalised, and changing the search or the sort
 * always goes back to page 1.
 */
export function listingHref(pathname: string, current: ListingQuery | URLSearchParams, change: ListingChange): string {
  const entries: Array<[string, string]> =
    current instanceof URLSearchParams
      ? [...current.entries()]
      : Object.entries(current).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));
  const listing = parseListingQuery(current);
  if ("search" in change) listing.term = normalizeSearch(change.search);
  if ("sort" in change) listing.sort = SORT_VALUES.find((s) => s === change.sort) ?? DEFAULT_SORT;
  if ("search" in change || "sort" in change) listing.page = 1;
  if ("page" in change) listing.page = change.page && change.page > 1 ? change.page : 1;
  const query = listingSearchParams(listing, entries).toString();
  return query ? `${pathname}?${query}` : pathname;
}
