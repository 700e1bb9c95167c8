import { DEFAULT_SORT } from "@/lib/catalog/sort";

export type ListingQuery = Record<string, string | string[] | undefined>;
export type ListingChange = { search?: string | null; sort?: string | null; page?: number | null };

/**
 * The href of a shop listing with some of its URL state changed. Other query
 * parameters are kept; defaults are omitted (page 1, the featured sort, an empty
 * search), and changing the search or the sort always goes back to page 1.
 */
export function listingHref(pathname: string, current: ListingQuery | URLSearchParams, change: ListingChange): string {
  const params = new URLSearchParams();
  const entries: Array<[string, string]> =
    current instanceof URLSearchParams
      ? [...current.entries()]
      : Object.entries(current).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));
  for (const [key, value] of entries) params.append(key, value);

  const resetsPage = "search" in change || "sort" in change;
  if ("search" in change) {
    const term = change.search?.trim();
    if (term) params.set("search", term);
    else params.delete("search");
  }
  if ("sort" in change) {
    if (change.sort && change.sort !== DEFAULT_SORT) params.set("sort", change.sort);
    else params.delete("sort");
  }
  if (resetsPage) params.delete("page");
  if ("page" in change) {
    if (change.page && change.page > 1) params.set("page", String(change.page));
    else params.delete("page");
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
