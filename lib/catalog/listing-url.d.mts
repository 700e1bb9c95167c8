export declare const SORT_VALUES: readonly ["featured", "price-low", "price-high", "newest", "popular"];
export declare const DEFAULT_SORT: "featured";
export declare const ALL_CATEGORIES: "_all";
export declare const LISTING_PREFIX: "/listing";
export declare const MAX_CACHED_LISTING_PAGE: number;
export declare const MAX_CACHED_SEARCH_PAGE: number;
export declare const MAX_LISTING_PAGE: number;
export declare const MAX_SEARCH_LENGTH: number;
export declare const NOT_FOUND_PATH: string;
type Condition = { type: "query"; key: string; value?: string };
export type ListingRewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };
export type ListingSort = (typeof SORT_VALUES)[number];
/** A listing: its category's slug (null for every category), sort, page (1…) and normalised search term ("" for none). */
export type Listing = { category: string | null; sort: ListingSort; page: number; term: string };
/** A parsed listing request, and whether the cached route serves it. */
export type ListingRequest = Listing & { cached: boolean };
export type ListingQueryInput = URLSearchParams | Record<string, string | string[] | undefined>;
export declare function parseListingRequest(target: string): ListingRequest | null;
export declare function parseListingQuery(params: ListingQueryInput): Omit<Listing, "category">;
export declare function listingRoutePath(listing: Listing): string;
export declare function listingFromSegments(segments: { category: string; sort: string; page: string; term?: string }): Listing;
export declare function listingSearchParams(listing: Omit<Listing, "category">, others?: Iterable<[string, string]>): URLSearchParams;
export declare function listingUrl(listing: Listing, others?: Iterable<[string, string]>): string;
export declare function isListingPath(pathname: string): boolean;
export declare function mapListingRequest(target: string): { notFound: boolean; listing: ListingRequest | null; target: string | null };
export declare function listingTarget(target: string): { target: string; term?: string } | null;
export declare function listingRewrites(): ListingRewrite[];
