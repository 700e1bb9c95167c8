import { adminProductQuerySchema } from "@/lib/catalog/admin-schemas";
import { countAdminProducts, listAdminProducts } from "@/lib/catalog/service";
import { readQuery, withAdminRoute } from "@/lib/http";

/** Admin product table: every product (inactive too), newest first: { products, total }. */
export const GET = withAdminRoute(async (req) => {
  const { search, limit } = readQuery(req, adminProductQuerySchema);
  const [products, total] = await Promise.all([listAdminProducts({ search, limit }), countAdminProducts({ search })]);
  return { products, total };
});
