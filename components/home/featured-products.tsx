import { ProductGrid } from "@/components/catalog/product-grid";
import { listFeaturedProducts } from "@/lib/catalog/queries";

/** The home page's featured grid (spec: featured query, limit 8). The page is static (cached whole), so it is awaited rather than streamed. */
export async function FeaturedProducts() {
  const { products } = await listFeaturedProducts();
  if (products.length === 0) {
    return <p className="rounded-lg border border-dashed px-6 py-12 text-center text-muted-foreground">No featured products available</p>;
  }
  return <ProductGrid products={products} />;
}
