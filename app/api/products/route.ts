import { NextResponse } from "next/server";
import { productInputSchema } from "@/lib/catalog/admin-schemas";
import { listProducts } from "@/lib/catalog/queries";
import { productListQuerySchema } from "@/lib/catalog/schemas";
import { auditedCreateProduct as createProduct } from "@/lib/audit/audited-catalog";
import { readJson, readQuery, withAdminRoute, withRoute } from "@/lib/http";

export const GET = withRoute(async (req) => {
  const q = readQuery(req, productListQuerySchema);
  return listProducts({ category: q.category, search: q.search, featured: q.featured, sort: q.sort, limit: q.limit, offset: q.offset, excludeSlug: q.exclude });
});

/** Admin: create (or clone) a product. */
export const POST = withAdminRoute(async (req) => {
  const product = await createProduct(await readJson(req, productInputSchema));
  return NextResponse.json(product, { status: 201 });
});
