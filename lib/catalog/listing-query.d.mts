export declare const SORT_VALUES: readonly ["featured", "price-low", "price-high", "newest", "popular"];
export declare const DEFAULT_SORT: "featured";
export declare const MAX_LISTING_PAGE: number;
export type ListingSort = (typeof SORT_VALUES)[number];
/** A listing's query values: sort, page (1…) and normalised search term ("" for none). */
export type ListingQueryValues = { sort: ListingSort; page: number; term: string };
export type ListingQueryInput = URLSearchParams | Record<string, string | string[] | undefined>;
export declare function parseListingQuery(params: ListingQueryInput): ListingQueryValues;
export declare function listingSearchParams(listing: ListingQueryValues, others?: Iterable<[string, string]>): URLSearchParams;
