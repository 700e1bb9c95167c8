import { suggestionsForQuery } from "@/lib/catalog/search-queries";
import { searchSuggestQuerySchema } from "@/lib/catalog/schemas";
import { withCachedQueryRoute } from "@/lib/http";

/**
 * GET /api/search/suggest's cached twin (lib/net/cached-api.mjs): the front
 * server maps a canonical query here; the answer is rendered once, served from
 * the route cache and expired with the catalogue tags its reads carry.
 */
export const dynamic = "force-static";
export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

export const GET = withCachedQueryRoute(searchSuggestQuerySchema, suggestionsForQuery);
