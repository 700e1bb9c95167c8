import { ProductCard } from "@/components/catalog/product-card";
import { toProductCard, type ProductDTO } from "@/lib/catalog/types";

/** Responsive product grid: 1 / 2 / 3 / 4 columns. The first row's images load with priority. Card titles are h3 under a section's h2, h2 directly under a page's h1. */
export function ProductGrid({ products, priorityCount = 0, cardHeading }: { products: ProductDTO[]; priorityCount?: number; cardHeading?: "h2" | "h3" }) {
  return (
    <ul className="pgrid" data-testid="product-grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={toProductCard(product)} priority={i < priorityCount} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
}
