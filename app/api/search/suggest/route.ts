import { searchSuggestQuerySchema } from "@/lib/catalog/schemas";
import { suggestProducts } from "@/lib/catalog/search";
import { withRoute, readQuery } from "@/lib/http";

/** Search as you type: up to six products for the term typed so far (none below two characters). */
export const GET = withRoute(async (req) => {
  const { q } = readQuery(req, searchSuggestQuerySchema);
  return { suggestions: await suggestProducts(q) };
});
