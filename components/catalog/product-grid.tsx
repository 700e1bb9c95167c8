import { ProductCard } from "@/components/catalog/product-card";
import type { ProductDTO } from "@/lib/catalog/types";

/** Responsive product grid: 1 / 2 / 3 / 4 columns. The first row's images load with priority. */
export function ProductGrid({ products, priorityCount = 0 }: { products: ProductDTO[]; priorityCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
      {products.map((product, i) => (
        <li key={product.id} className="min-w-0">
          <ProductCard product={product} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
