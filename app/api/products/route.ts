import { listProducts } from "@/lib/catalog/queries";
import { productListQuerySchema } from "@/lib/catalog/schemas";
import { readQuery, withRoute } from "@/lib/http";

export const GET = withRoute(async (req) => {
  const q = readQuery(req, productListQuerySchema);
  return listProducts({ category: q.category, search: q.search, featured: q.featured, sort: q.sort, limit: q.limit, offset: q.offset, excludeSlug: q.exclude });
});
