import { DEFAULT_SORT, listingSearchParams, parseListingQuery, type ListingSort } from "@/lib/catalog/listing-query.mjs";

export type ListingQuery = Record<string, string | string[] | undefined>;
export type ListingChange = { search?: string | null; sort?: string | null; page?: number | null };

/**
 * A page's query as plain data: its own string and string-list values only.
 * Next's searchParams record can carry more: a query naming an
 * Object.prototype member (`?constructor=1&__proto__=2`) made a value holding
 * the Object function, which a client component cannot be given (a 500).
 */
export function plainQuery(query: ListingQuery): ListingQuery {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]): Array<[string, string | string[]]> =>
      typeof value === "string" ? [[key, value]] : Array.isArray(value) ? [[key, value.filter((v): v is string => typeof v === "string")]] : [],
    ),
  );
}

/**
 * The href of a shop listing with some of its URL state changed: the current
 * query read by the one parse of a listing (lib/catalog/listing-query.mjs, its
 * browser half),
 * changed, and written back by its inverse (listingSearchParams). Other query
 * parameters are kept; defaults are omitted (page 1, the featured sort, an
 * empty search), the term is normalised, and changing the search or the sort
 * always goes back to page 1.
 */
export function listingHref(pathname: string, current: ListingQuery | URLSearchParams, change: ListingChange): string {
  const entries = current instanceof URLSearchParams ? [...current] : Object.entries(current).flatMap(([k, v]) => [v ?? []].flat().map((x): [string, string] => [k, x]));
  const listing = parseListingQuery(current);
  // listingSearchParams normalises the term, drops an unknown sort and writes only a page past 1.
  if ("search" in change) listing.term = change.search ?? "";
  if ("sort" in change) listing.sort = (change.sort ?? DEFAULT_SORT) as ListingSort;
  if ("search" in change || "sort" in change) listing.page = 1;
  if ("page" in change) listing.page = change.page ?? 1;
  const query = listingSearchParams(listing, entries).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A listing page's title (before the site's name): its category or "All Products", or its search, and its page past the first. */
export function listingTitle(categoryName: string | null, search: string, page: number): string {
  const pageSuffix = page > 1 ? ` (Page ${page})` : "";
  return search ? `Search: "${search}"${categoryName ? ` in ${categoryName}` : ""}${pageSuffix}` : `${categoryName ?? "All Products"}${pageSuffix}`;
}
