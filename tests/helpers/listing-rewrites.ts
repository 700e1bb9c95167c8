import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { searchParamsToUrlQuery } from "next/dist/shared/lib/router/utils/querystring";
import { listingRewrites, type ListingRewrite } from "@/lib/catalog/listing-url.mjs";

/**
 * next.config.ts's listing rewrites (`next dev`, Vercel), applied with Next's
 * own matching (path match, case-sensitive as next.config.ts's caseSensitiveRoutes asks, `has`/`missing` on the query as Next parses it,
 * destination compiling), the first matching rule winning: the rewritten
 * path (as compiled, before Next parses it), or null when no rule matches.
 * `rules`: another set built the same way (lib/catalog/variant-url.mjs's).
 */
export function rewrittenListingPath(url: string, rules: ListingRewrite[] = listingRewrites()): string | null {
  const parsed = new URL(url, "http://shop.test");
  const query = searchParamsToUrlQuery(parsed.searchParams);
  for (const rule of rules) {
    const params = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true, sensitive: true })(parsed.pathname);
    if (!params) continue;
    const hasParams = matchHas({ headers: {}, cookies: {} } as never, query, rule.has, rule.missing);
    if (!hasParams) continue;
    const { parsedDestination } = prepareDestination({ appendParamsToQuery: false, destination: rule.destination, params: { ...params, ...hasParams }, query });
    return parsedDestination.pathname!;
  }
  return null;
}
