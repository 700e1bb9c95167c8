import type { ListingSort } from "./listing-query.mjs";
export { DEFAULT_SORT, MAX_LISTING_PAGE, SORT_VALUES, listingSearchParams, parseListingQuery } from "./listing-query.mjs";
export type { ListingQueryInput, ListingSort } from "./listing-query.mjs";
export declare const ALL_CATEGORIES: "_all";
export declare const LISTING_PREFIX: "/listing";
export declare const MAX_CACHED_LISTING_PAGE: number;
export declare const MAX_CACHED_SEARCH_PAGE: number;
export declare const MAX_SEARCH_LENGTH: number;
export declare const NOT_FOUND_PATH: string;
type Condition = { type: "query"; key: string; value?: string };
export type ListingRewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };
/** A listing: its category's slug (null for every category), sort, page (1…) and normalised search term ("" for none). */
export type Listing = { category: string | null; sort: ListingSort; page: number; term: string };
/** A parsed listing request, and whether the cached route serves it. */
export type ListingRequest = Listing & { cached: boolean };
export declare function parseListingRequest(target: string): ListingRequest | null;
export declare function listingRoutePath(listing: Listing): string;
export declare function listingFromSegments(segments: { category: string; sort: string; page: string; term?: string }): Listing;
export declare function listingUrl(listing: Listing, others?: Iterable<[string, string]>): string;
export declare function isListingPath(pathname: string): boolean;
export declare function mapListingRequest(target: string): { notFound: boolean; listing: ListingRequest | null; target: string | null };
export declare function listingTarget(target: string): { target: string; term?: string } | null;
export declare function listingRewrites(): ListingRewrite[];
export declare const SEARCH_SHELL_SEGMENT: "search";
/** The results shell's path for a search (and its query, for a router request); null for a category segment the route cannot name. */
export declare function searchShellTarget(listing: Listing, target: string): string | null;
