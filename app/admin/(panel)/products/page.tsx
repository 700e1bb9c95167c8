import type { Metadata } from "next";
import { ProductsManager } from "@/components/admin/products/products-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { ADMIN_PRODUCT_LIMIT } from "@/lib/catalog/admin-schemas";
import { normalizeSearch } from "@/lib/search/words.mjs";
import { listAdminCategories, listAdminProducts } from "@/lib/catalog/service";
import { listBoxes } from "@/lib/shipping/service";

export const metadata: Metadata = { title: "Products" };

type ProductsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admin products (spec §2): the newest 50, or those matching ?search=, with add / edit / clone / delete. */
export default async function ProductsPage({ searchParams }: ProductsPageProps) {
  await requireAdminPage();
  const params = await searchParams;
  const search = normalizeSearch(Array.isArray(params.search) ? params.search[0] : params.search);
  const [products, categories, boxes] = await Promise.all([listAdminProducts({ search: search || undefined, limit: ADMIN_PRODUCT_LIMIT }), listAdminCategories(), listBoxes()]);
  return (
    <ProductsManager
      products={products}
      categories={categories.map((c) => ({ id: c.id, name: c.name, active: c.active }))}
      boxes={boxes.map(({ productCount: _products, variantCount: _variants, ...b }) => b)}
      search={search}
      limit={ADMIN_PRODUCT_LIMIT}
    />
  );
}
