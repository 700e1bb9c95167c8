import { searchSuggestQuerySchema } from "@/lib/catalog/schemas";
import { suggestionsForQuery } from "@/lib/catalog/search-queries";
import { CATALOGUE_API_CACHE_CONTROL, withRoute, readQuery } from "@/lib/http";

/**
 * Search as you type: up to six products for the term typed so far (none below two characters).
 * Its answers are cached per process (lib/catalog/search-queries.ts) and kept by a CDN in front (lib/cdn/policy.mjs).
 */
export const GET = withRoute(async (req) => suggestionsForQuery(readQuery(req, searchSuggestQuerySchema)), { cacheControl: CATALOGUE_API_CACHE_CONTROL, etag: true });
