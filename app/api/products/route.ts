import { NextResponse } from "next/server";
import { productInputSchema } from "@/lib/catalog/admin-schemas";
import { listProductsForQuery } from "@/lib/catalog/queries";
import { productListQuerySchema } from "@/lib/catalog/schemas";
import { createProduct } from "@/lib/catalog/service";
import { CATALOGUE_API_CACHE_CONTROL, readJson, readQuery, withAdminRoute, withRoute } from "@/lib/http";

/** The public catalogue list: its data is cached and expired by tag (lib/catalog/queries.ts); the answer itself is kept by a CDN in front (lib/cdn/policy.mjs). */
export const GET = withRoute(async (req) => listProductsForQuery(readQuery(req, productListQuerySchema)), { cacheControl: CATALOGUE_API_CACHE_CONTROL, etag: true });

/** Admin: create (or clone) a product. */
export const POST = withAdminRoute(async (req) => {
  const product = await createProduct(await readJson(req, productInputSchema));
  return NextResponse.json(product, { status: 201 });
});
