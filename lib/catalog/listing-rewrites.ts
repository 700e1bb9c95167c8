/**
 * Listing URLs, rewritten by next.config.ts (before Next looks for a page) to
 * their cached route, without running the request guard (proxy.ts); the
 * browser keeps the /shop URL:
 * - without a search term: /listing/{category|_all}/{sort}/{page} for /shop,
 *   /shop/{category}, with ?sort= one of the five orders and ?page= 1–99;
 * - with ?search=: /listing/{category|_all}/{sort}/{page}/{term}, the term as
 *   typed, for pages 1–MAX_CACHED_SEARCH_PAGE. Only terms that are safe as one
 *   path segment are rewritten (Next inserts the captured value unencoded):
 *   1–100 characters, no / \ % ? # or control characters (NUL too), not
 *   starting with a dot or a space nor ending with a space. Anything else —
 *   a longer term, a malformed or NUL-carrying one, page 6 and up — renders
 *   /shop on demand with its validation (lib/catalog/rules.ts normalizeSearch).
 * A repeated parameter counts by its last value, here and on /shop (rules.ts).
 *
 * What is cached stays bounded: five orders × 99 pages × each category slug.
 * A slug that names no active category renders the 404 page, which is never
 * stored (lib/cache/next-cache-handler.mjs), and a page past the last
 * redirects to the last one. Search pages are stored only for a term asked
 * for before, in their own bounded part of the cache (the same handler), so
 * random terms cannot fill memory nor push listings out. Anything else
 * (another sort, page 100 and up, a malformed value) is not rewritten: /shop
 * renders it on demand as before.
 *
 * Relative imports only: next.config.ts loads this file before the app's
 * path aliases exist.
 */
import { DEFAULT_SORT, SORT_OPTIONS } from "../site";

export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";
/** Pages of a listing served from the cached route; later pages render on demand. */
export const MAX_CACHED_LISTING_PAGE = 99;
/** Search result pages are cached up to this page (at most 9); later pages render on demand. */
export const MAX_CACHED_SEARCH_PAGE = 5;
/** A longer search term is not rewritten (lib/catalog/rules.ts cuts terms to this length). */
export const MAX_SEARCH_LENGTH = 100;

type Condition = { type: "query"; key: string; value?: string };
export type ListingRewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };

const SORT = `(?<sort>${SORT_OPTIONS.map((o) => o.value).join("|")})`;
const PAGE = "(?<page>[1-9][0-9]?)";
const SEARCH_PAGE = `(?<page>[1-${MAX_CACHED_SEARCH_PAGE}])`;
/** Characters a term must not contain to be one path segment: / \\ % ? # and control characters. */
const UNSAFE = "/\\\\%?#\\x00-\\x1f\\x7f";
/** A safe term as typed; Next matches `^${value}$` against the last `search` value, already percent-decoded. */
export const SEARCH_TERM = `(?<term>[^${UNSAFE}\\s.](?:[^${UNSAFE}]{0,${MAX_SEARCH_LENGTH - 2}}[^${UNSAFE}\\s])?)`;

export function listingRewrites(): ListingRewrite[] {
  const rules: ListingRewrite[] = [];
  for (const [source, category] of [
    ["/shop", ALL_CATEGORIES],
    ["/shop/:category([a-z0-9][a-z0-9-]{0,79})", ":category"],
  ] as const) {
    for (const withSearch of [true, false]) {
      for (const withSort of [true, false]) {
        for (const withPage of [true, false]) {
          const has: Condition[] = [];
          const missing: Condition[] = [];
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
