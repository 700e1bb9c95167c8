/**
 * A listing's query, read and written: the part of the one parse of a listing
 * request (lib/catalog/listing-url.mjs parseListingRequest) that the browser
 * needs too — the shop's links (components/catalog/listing-url.ts
 * listingHref) read the current query with parseListingQuery and write it back
 * with listingSearchParams. Kept apart from listing-url.mjs, whose URL
 * patterns and path rules only the server needs, so the listing pages'
 * first-load JavaScript stays within its budget (tests/e2e/budget.spec.ts).
 *
 * Plain JavaScript: the front server and next.config.ts load listing-url.mjs,
 * which re-exports this, outside the app's bundles.
 */
import { normalizeSearch } from "../search/words.mjs";

/** The listing orders, the first being the default (labels: lib/catalog/sort.ts). */
export const SORT_VALUES = ["featured", "price-low", "price-high", "newest", "popular"];
export const DEFAULT_SORT = SORT_VALUES[0];
/** A page number past this one is read as page 1. */
export const MAX_LISTING_PAGE = 10_000;
const LISTING_KEYS = { search: 1, sort: 1, page: 1 };

/**
 * The listing values of a query: URLSearchParams, or the record Next hands a
 * page as its searchParams (a repeated parameter as an array).
 * @returns {{ sort: string, page: number, term: string }}
 */
export function parseListingQuery(params) {
  const last = (key) => (params instanceof URLSearchParams ? params.getAll(key) : [params[key] ?? []].flat()).at(-1);
  const sort = last("sort");
  const page = Number(last("page"));
  return {
    sort: SORT_VALUES.includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_LISTING_PAGE ? page : 1,
    term: normalizeSearch(last("search")),
  };
}

/**
 * The inverse of the parse, for links: a listing's query, defaults omitted
 * (no term, DEFAULT_SORT, page 1), with `others` (the current query's
 * parameters, kept in their order; a listing parameter among them is
 * replaced in its place, once, as URLSearchParams.set does, or dropped).
 * @param {{ sort: string, page: number, term: string }} listing
 * @param {Iterable<[string, string]>} [others]
 */
export function listingSearchParams({ sort, page, term }, others = []) {
  const own = { search: normalizeSearch(term), sort: sort !== DEFAULT_SORT && SORT_VALUES.includes(sort) ? sort : "", page: page > 1 ? String(page) : "" };
  const params = new URLSearchParams();
  const put = (key) => {
    if (own[key]) params.append(key, own[key]);
    delete own[key];
  };
  for (const [key, value] of others) {
    if (!Object.hasOwn(LISTING_KEYS, key)) params.append(key, value);
    else if (Object.hasOwn(own, key)) put(key);
  }
  for (const key of Object.keys(own)) put(key);
  return params;
}
