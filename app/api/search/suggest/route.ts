import { searchSuggestQuerySchema } from "@/lib/catalog/schemas";
import { suggestionsForQuery } from "@/lib/catalog/search-queries";
import { CATALOGUE_API_CACHE_CONTROL, withRoute, readQuery } from "@/lib/http";

/**
 * Search as you type: up to six products for the term typed so far (none below two characters).
 * The live route; a repeated query is answered by its cached twin (app/api/cached/suggest, lib/net/cached-api.mjs).
 */
export const GET = withRoute(async (req) => suggestionsForQuery(readQuery(req, searchSuggestQuerySchema)), { cacheControl: CATALOGUE_API_CACHE_CONTROL, etag: true });
