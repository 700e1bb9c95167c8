/**
 * Listing URLs and their cached route. A /shop URL is served, the browser
 * keeping its address, by the cached route app/(shop)/listing:
 * - without a search term: /listing/{category|_all}/{sort}/{page} for /shop,
 *   /shop/{category}, with ?sort= one of the five orders and ?page= 1–99;
 * - with ?search=: /listing/{category|_all}/{sort}/{page}/{term}, for pages
 *   1–MAX_CACHED_SEARCH_PAGE. Only terms that are safe as one path segment
 *   go there: 1–100 characters, no / \ % ? # or control characters (NUL
 *   too), not starting with a dot or a space nor ending with a space.
 *   Anything else — a longer term, a malformed or NUL-carrying one, page 6
 *   and up, another sort, page 100 and up — renders /shop on demand with its
 *   validation (lib/catalog/rules.ts).
 * A repeated parameter counts by its last value, here and on /shop (rules.ts);
 * other parameters (utm_…, the router's _rsc) are kept and ignored.
 *
 * Who maps the URL:
 * - `npm start`'s front server (server/front-server.mjs), with listingTarget
 *   below, before Next routes the request: one regular-expression test per
 *   request. It answers a direct /listing request with the 404 page itself.
 *   Its builds (`npm run build` outside Vercel, MM_FRONT_SERVER=1) carry no
 *   rewrites: Next re-ran each of the sixteen rewrite rules for every page
 *   request, compiling each rule's pattern anew in the page's own module,
 *   which cost a cached /shop hit ~15 % of its CPU.
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

/** The listing orders, the first being the default (labels: lib/site.ts). */
export const SORT_VALUES = ["featured", "price-low", "price-high", "newest", "popular"];
export const DEFAULT_SORT = SORT_VALUES[0];

export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";
/** Pages of a listing served from the cached route; later pages render on demand. */
export const MAX_CACHED_LISTING_PAGE = 99;
/** Search result pages are cached up to this page (at most 9); later pages render on demand. */
export const MAX_CACHED_SEARCH_PAGE = 5;
/** A longer search term is not cached (lib/catalog/rules.ts cuts terms to this length). */
export const MAX_SEARCH_LENGTH = 100;

/** Where a direct request for the cached route goes: no page has this path, so it is the 404 page. */
export const NOT_FOUND_PATH = "/404-not-found";

const CATEGORY = "[a-z0-9][a-z0-9-]{0,79}";
const SORT = `(?<sort>${SORT_VALUES.join("|")})`;
const PAGE = "(?<page>[1-9][0-9]?)";
const SEARCH_PAGE = `(?<page>[1-${MAX_CACHED_SEARCH_PAGE}])`;
/** Characters a term must not contain to be one path segment: / \\ % ? # and control characters. */
const UNSAFE = "/\\\\%?#\\x00-\\x1f\\x7f";
/** A safe term as typed, percent-decoded. */
const SEARCH_TERM = `(?<term>[^${UNSAFE}\\s.](?:[^${UNSAFE}]{0,${MAX_SEARCH_LENGTH - 2}}[^${UNSAFE}\\s])?)`;

const whole = (source) => new RegExp(`^${source}$`);
const SORT_RE = whole(SORT);
const PAGE_RE = whole(PAGE);
const SEARCH_PAGE_RE = whole(SEARCH_PAGE);
const SEARCH_TERM_RE = whole(SEARCH_TERM);
const SHOP_PATH = new RegExp(`^/shop(?:/(${CATEGORY}))?$`);

/** True for the cached route's own paths, which no one may ask for directly. */
export function isListingPath(pathname) {
  return pathname === LISTING_PREFIX || pathname.startsWith(`${LISTING_PREFIX}/`);
}

function listingPath(category, sort, page, term) {
  return `${LISTING_PREFIX}/${category}/${sort}/${page}${term === undefined ? "" : `/${encodeURIComponent(term)}`}`;
}

/**
 * The cached route for a request target (path and query), with its query
 * kept, and the search term it shows (undefined for a plain listing); null
 * when the target is not a cacheable listing. The query is read
 * as Next reads it (URLSearchParams: `+` is a space, a parameter given twice
 * counts by its last value, an empty one is absent).
 */
export function listingTarget(target) {
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  const shop = SHOP_PATH.exec(pathname);
  if (!shop) return null;
  const query = queryStart === -1 ? "" : target.slice(queryStart);
  const params = new URLSearchParams(query);
  const last = (key) => {
    const values = params.getAll(key);
    // Next counts a parameter given twice as present even when its values are empty.
    return values.length === 0 ? undefined : values.length > 1 ? values.at(-1) || null : values[0] || undefined;
  };
  const category = shop[1] ?? ALL_CATEGORIES;
  const search = last("search");
  const sort = last("sort");
  const page = last("page");
  if (search === null || sort === null || page === null) return null;
  if (sort !== undefined && !SORT_RE.test(sort)) return null;
  if (search === undefined) {
    if (page !== undefined && !PAGE_RE.test(page)) return null;
    return { target: listingPath(category, sort ?? DEFAULT_SORT, page ?? "1") + query };
  }
  if (!SEARCH_TERM_RE.test(search)) return null;
  if (page !== undefined && !SEARCH_PAGE_RE.test(page)) return null;
  return { target: listingPath(category, sort ?? DEFAULT_SORT, page ?? "1", search) + query, term: search };
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
