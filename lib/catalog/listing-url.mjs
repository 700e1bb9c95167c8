/**
 * Listing URLs and their cached route. A /shop URL is served, the browser
 * keeping its address, by the cached route app/(shop)/listing:
 * - without a search term: /listing/{category|_all}/{sort}/{page} for /shop,
 *   /shop/{category}, with ?sort= one of the five orders and ?page= 1–99;
 * - with ?search=: /listing/{category|_all}/{sort}/{page}/{term}, for pages
 *   1–MAX_CACHED_SEARCH_PAGE. Only terms already in their normalised form
 *   (lib/search/words.mjs normalizeSearch: 1–100 characters, no
 *   control characters, NUL too, single spaces between words, none at either
 *   end) and safe as one path segment (no / \ % ? #, not starting with a
 *   dot) go there, so the cached page's term is the term the URL asks for.
 *   Anything else — a longer term, a malformed or NUL-carrying one, page 6
 *   and up, another sort, page 100 and up, a page number spelled otherwise
 *   than plainly (02) — renders /shop on demand, which reads it with the
 *   same parse.
 * The path is read as Next routes it: case-sensitively (/SHOP is the 404
 * page; next.config.ts sets caseSensitiveRoutes so that its rewrites agree),
 * dot segments resolved (/shop/./bowls is /shop/bowls); a path spelled with
 * percent-encoding renders on demand.
 * A repeated parameter counts by its last value, here and on /shop;
 * other parameters (utm_…, the router's _rsc) are kept and ignored.
 *
 * The one parse of a listing request is parseListingRequest below: the front
 * server (server/front-server.mjs, through mapListingRequest), the search
 * admission count (server/cache/search-admission.mjs, which the cache handler
 * uses too), the listing pages (parseListingQuery, through
 * lib/catalog/rules.ts parseListingParams and the cached route's segments,
 * listingFromSegments) and the listing links (listingSearchParams, through
 * components/catalog/listing-url.ts listingHref) all read a listing through
 * it, and next.config.ts's rewrites are built from the same patterns. The
 * search term is normalised by lib/search/words.mjs, the one rule.
 * lib/catalog/listing-request.test.ts feeds the same odd targets through
 * every entry point.
 *
 * Who maps the URL:
 * - `npm start`'s front server (server/front-server.mjs), with
 *   mapListingRequest below, before Next routes the request: one regular-expression test per
 *   request. It answers a direct /listing request with the 404 page itself.
 *   Its builds (`npm run build` outside Vercel, MM_FRONT_SERVER=1) carry no
 *   rewrites: Next re-runs every rewrite rule for every page request
 *   (docs/decisions/0004-front-server-maps-listings.md).
 * - everywhere else (`next dev`, Vercel), next.config.ts's rewrites
 *   (listingRewrites below), with a rule that sends a direct /listing
 *   request to the 404 page.
 * Both follow the same rules; lib/catalog/listing-url.test.ts checks that
 * they map every URL of its corpus alike, with Next's own matching.
 *
 * What is cached stays bounded: five orders × 99 pages × each category slug.
 * A slug that names no active category renders the 404 page, which is never
 * stored (server/cache/next-cache-handler.mjs), and a page past the last
 * redirects to the last one. Search pages are stored only for a term asked
 * for before, in their own bounded part of the cache (the same handler), so
 * random terms cannot fill memory nor push listings out.
 *
 * Plain JavaScript: the front server and next.config.ts load it outside the
 * app's bundles.
 */
import { routedPath, resolvedPath } from "../net/routed-path.mjs";
import { MAX_SEARCH_LENGTH } from "../search/words.mjs";
import { DEFAULT_SORT, listingSearchParams, parseListingQuery, SORT_VALUES } from "./listing-query.mjs";

export { DEFAULT_SORT, MAX_LISTING_PAGE, listingSearchParams, parseListingQuery, SORT_VALUES } from "./listing-query.mjs";

export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";
/** Pages of a listing served from the cached route; later pages render on demand. */
export const MAX_CACHED_LISTING_PAGE = 99;
/** Search result pages are cached up to this page (at most 9); later pages render on demand. */
export const MAX_CACHED_SEARCH_PAGE = 5;
export { MAX_SEARCH_LENGTH };

/** Where a direct request for the cached route goes: no page has this path, so it is the 404 page. */
export const NOT_FOUND_PATH = "/404-not-found";

const CATEGORY = "[a-z0-9][a-z0-9-]{0,79}";
const SORT = `(?<sort>${SORT_VALUES.join("|")})`;
const PAGE = "(?<page>[1-9][0-9]?)";
const SEARCH_PAGE = `(?<page>[1-${MAX_CACHED_SEARCH_PAGE}])`;
/** Characters a term must not contain to be one path segment: / \\ % ? # and control characters. */
const UNSAFE = "/\\\\%?#\\x00-\\x1f\\x7f";
/**
 * A term safe as one path segment and in its normalised form (normalizeSearch
 * leaves it as it is): 1–MAX_SEARCH_LENGTH characters, words of safe
 * characters with single spaces between them, not starting with a dot.
 */
const SEARCH_TERM = `(?<term>(?=[^${UNSAFE}]{1,${MAX_SEARCH_LENGTH}}$)[^${UNSAFE}\\s.](?: ?[^${UNSAFE}\\s])*)`;

const whole = (source) => new RegExp(`^${source}$`);
const SORT_RE = whole(SORT);
const PAGE_RE = whole(PAGE);
const SEARCH_PAGE_RE = whole(SEARCH_PAGE);
const SEARCH_TERM_RE = whole(SEARCH_TERM);
/** /shop and /shop/{category} as the cached route takes them. */
const CACHED_SHOP_PATH = new RegExp(`^/shop(?:/(${CATEGORY}))?$`);

/**
 * @typedef {{ category: string | null, sort: string, page: number, term: string }} Listing
 * @typedef {Listing & { cached: boolean }} ListingRequest
 */

/**
 * The one parse of a listing request: a request target (path and query, as
 * sent) → its listing, or null when the path is not a listing.
 * - The path is read as Next routes it (dot segments resolved, each segment
 *   percent-decoded, case-sensitive: /SHOP is no listing): /shop is every category
 *   (category null), /shop/{segment} the category with that slug (a slug
 *   no category has renders the 404 page).
 * - The query as Next reads it (URLSearchParams: names and values decoded,
 *   `+` a space), a repeated parameter counting by its last value:
 *   sort one of SORT_VALUES, else DEFAULT_SORT; page a whole number
 *   1–MAX_LISTING_PAGE, else 1; term the search normalised
 *   (lib/search/words.mjs normalizeSearch), "" for a plain listing.
 * - cached: whether the cached route serves it (spelled plainly: see the top
 *   of this file); otherwise /shop renders it on demand, with the same values.
 * @returns {ListingRequest | null}
 */
export function parseListingRequest(target) {
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  const path = shopPath(pathname);
  if (path === null) return null;
  const params = new URLSearchParams(queryStart === -1 ? "" : target.slice(queryStart));
  return { category: path.category, ...parseListingQuery(params), cached: path.cached && cacheableQuery(params) };
}

/** The category of a listing path (null for every category) and whether the cached route takes the path; null for another path. */
function shopPath(pathname) {
  const resolved = resolvedPath(pathname);
  const plain = CACHED_SHOP_PATH.exec(resolved);
  if (plain) return { category: plain[1] ?? null, cached: true };
  const segments = resolved.split("/");
  if (segments.at(-1) === "" && segments.length > 2) segments.pop(); // a trailing slash
  if (segments.length > 3 || routedPath(`/${segments[1]}`, { lowerCase: false }) !== "/shop") return null;
  return { category: segments.length === 3 ? routedPath(`/${segments[2]}`, { lowerCase: false }).slice(1) : null, cached: false };
}

/**
 * Whether next.config.ts's rewrites would take this query (they match each
 * parameter's last value against the patterns above; a parameter given more
 * than once counts as present even when its last value is empty, and then
 * matches no pattern).
 */
function cacheableQuery(params) {
  const present = (key) => {
    const values = params.getAll(key);
    return values.length === 0 ? undefined : values.length > 1 ? values.at(-1) || null : values[0] || undefined;
  };
  const search = present("search");
  const sort = present("sort");
  const page = present("page");
  if (search === null || sort === null || page === null) return false;
  if (sort !== undefined && !SORT_RE.test(sort)) return false;
  if (search === undefined) return page === undefined || PAGE_RE.test(page);
  return SEARCH_TERM_RE.test(search) && (page === undefined || SEARCH_PAGE_RE.test(page));
}

/** The cached route's path for a listing: /listing/{category|_all}/{sort}/{page}[/{term}]. */
export function listingRoutePath({ category, sort, page, term }) {
  return `${LISTING_PREFIX}/${category ?? ALL_CATEGORIES}/${sort}/${page}${term ? `/${encodeURIComponent(term)}` : ""}`;
}

/**
 * The listing a cached route's segments show (as its pages receive them,
 * the term still percent-encoded; leniently, like the query: a malformed
 * term is used as it is).
 * @returns {Listing}
 */
export function listingFromSegments({ category, sort, page, term }) {
  let search = term;
  try {
    if (term !== undefined) search = decodeURIComponent(term);
  } catch {}
  return { category: category === ALL_CATEGORIES ? null : category, ...parseListingQuery({ sort, page, search }) };
}

/** The /shop URL of a listing (listingSearchParams), the inverse of parseListingRequest. */
export function listingUrl(listing, others) {
  const query = listingSearchParams(listing, others).toString();
  const pathname = listing.category ? `/shop/${encodeURIComponent(listing.category)}` : "/shop";
  return query ? `${pathname}?${query}` : pathname;
}

/** True for the cached route's own paths, which no one may ask for directly. */
export function isListingPath(pathname) {
  return pathname === LISTING_PREFIX || pathname.startsWith(`${LISTING_PREFIX}/`);
}

/** The last segment of the results shell's path (no sort is spelled so: lib/catalog/listing-query.mjs SORT_VALUES). */
export const SEARCH_SHELL_SEGMENT = "search";
const SHELL_CATEGORY_RE = whole(CATEGORY);

/**
 * The results shell of a search (app/(shop)/listing/{category|_all}/search):
 * the listing page of its category without results, cached once per
 * category, whose results the browser loads from GET /api/products
 * (components/catalog/deferred-search.tsx). `npm start`'s front server
 * answers a search page with it when the search would otherwise wait for a
 * render (server/front-server.mjs). The query is kept only for a router
 * request (`_rsc=`, which Next checks); a page's shell is then one cached
 * answer for every term. Null for a category segment the route cannot name
 * (that search renders as before).
 * @param {Listing} listing
 * @param {string} target the request target
 */
export function searchShellTarget(listing, target) {
  if (listing.category !== null && !SHELL_CATEGORY_RE.test(listing.category)) return null;
  const path = `${LISTING_PREFIX}/${listing.category ?? ALL_CATEGORIES}/${SEARCH_SHELL_SEGMENT}`;
  const queryStart = target.indexOf("?");
  return queryStart !== -1 && target.includes("_rsc=", queryStart) ? path + target.slice(queryStart) : path;
}

/**
 * How `npm start`'s front server maps a request target: the cached route's
 * own paths, however spelled (any case, encoded, dot segments), are the 404
 * page (notFound); a listing the cached route takes goes there (target: its
 * path with the query kept); any other target is left to Next (target null).
 * @returns {{ notFound: boolean, listing: ListingRequest | null, target: string | null }}
 */
export function mapListingRequest(target) {
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  if (isListingPath(routedPath(pathname))) return { notFound: true, listing: null, target: null };
  const listing = parseListingRequest(target);
  if (!listing?.cached) return { notFound: false, listing, target: null };
  return { notFound: false, listing, target: listingRoutePath(listing) + (queryStart === -1 ? "" : target.slice(queryStart)) };
}

/**
 * The cached route for a request target, with its query kept, and the
 * search term it shows (undefined for a plain listing); null when the
 * cached route does not take it. (mapListingRequest, minus the 404 paths.)
 */
export function listingTarget(target) {
  const { listing, target: routed } = mapListingRequest(target);
  if (!listing?.cached || routed === null) return null;
  return listing.term ? { target: routed, term: listing.term } : { target: routed };
}

/**
 * The same mapping as next.config.ts rewrites (for `next dev` and Vercel):
 * first a direct /listing request to the 404 page, then one rule per
 * combination of path and present parameters.
 */
export function listingRewrites() {
  const rules = [{ source: `${LISTING_PREFIX}/:path*`, destination: NOT_FOUND_PATH }];
  for (const [source, category] of [
    ["/shop", ALL_CATEGORIES],
    [`/shop/:category(${CATEGORY})`, ":category"],
  ]) {
    for (const withSearch of [true, false]) {
      for (const withSort of [true, false]) {
        for (const withPage of [true, false]) {
          const has = [];
          const missing = [];
          if (withSearch) has.push({ type: "query", key: "search", value: SEARCH_TERM });
          else missing.push({ type: "query", key: "search" });
          if (withSort) has.push({ type: "query", key: "sort", value: SORT });
          else missing.push({ type: "query", key: "sort" });
          if (withPage) has.push({ type: "query", key: "page", value: withSearch ? SEARCH_PAGE : PAGE });
          else missing.push({ type: "query", key: "page" });
          rules.push({
            source,
            destination: `${LISTING_PREFIX}/${category}/${withSort ? ":sort" : DEFAULT_SORT}/${withPage ? ":page" : "1"}${withSearch ? "/:term" : ""}`,
            ...(has.length ? { has } : {}),
            missing,
          });
        }
      }
    }
  }
  return rules;
}
