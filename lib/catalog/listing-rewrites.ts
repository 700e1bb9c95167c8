/**
 * Listing URLs without a search term, rewritten by next.config.ts (before
 * Next looks for a page) to their cached route /listing/{category|_all}/{sort}/{page}:
 * /shop, /shop/{category}, with ?sort= one of the five orders and ?page= 1–99.
 * The browser keeps the /shop URL. A rewrite costs a few regular-expression
 * tests; the request guard (proxy.ts) cost every listing hit half its
 * throughput, so it now runs only for searches (popular terms have cached
 * pages too), /listing itself (never reachable directly) and /admin.
 *
 * What is cached stays bounded: five orders × 99 pages × each category slug.
 * A slug that names no active category renders the 404 page, which is never
 * stored (lib/cache/next-cache-handler.mjs), and a page past the last
 * redirects to the last one. Anything else (another sort, page 100 and up, a
 * malformed value) is not rewritten: /shop renders it on demand as before.
 *
 * Relative imports only: next.config.ts loads this file before the app's
 * path aliases exist.
 */
import { DEFAULT_SORT, SORT_OPTIONS } from "../site";

export const ALL_CATEGORIES = "_all";
export const LISTING_PREFIX = "/listing";
/** Pages of a listing served from the cached route; later pages render on demand. */
export const MAX_CACHED_LISTING_PAGE = 99;

type Condition = { type: "query"; key: string; value?: string };
export type ListingRewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };

const SORT = `(?<sort>${SORT_OPTIONS.map((o) => o.value).join("|")})`;
const PAGE = "(?<page>[1-9][0-9]?)";

export function listingRewrites(): ListingRewrite[] {
  const rules: ListingRewrite[] = [];
  for (const [source, category] of [
    ["/shop", ALL_CATEGORIES],
    ["/shop/:category([a-z0-9][a-z0-9-]{0,79})", ":category"],
  ] as const) {
    const noSearch: Condition = { type: "query", key: "search" };
    for (const withSort of [true, false]) {
      for (const withPage of [true, false]) {
        const has: Condition[] = [];
        const missing: Condition[] = [noSearch];
        (withSort ? has : missing).push(withSort ? { type: "query", key: "sort", value: SORT } : { type: "query", key: "sort" });
        (withPage ? has : missing).push(withPage ? { type: "query", key: "page", value: PAGE } : { type: "query", key: "page" });
        rules.push({
          source,
          destination: `${LISTING_PREFIX}/${category}/${withSort ? ":sort" : DEFAULT_SORT}/${withPage ? ":page" : "1"}`,
          ...(has.length ? { has } : {}),
          missing,
        });
      }
    }
  }
  return rules;
}
