import { ProductCardGrid } from "@/components/catalog/product-card-grid";
import { toProductCard, type ProductDTO } from "@/lib/catalog/types";

/** Responsive product grid: 1 / 2 / 3 / 4 columns. The first row's images load with priority. Card titles are h3 under a section's h2, h2 directly under a page's h1. */
export function ProductGrid({ products, priorityCount = 0, cardHeading }: { products: ProductDTO[]; priorityCount?: number; cardHeading?: "h2" | "h3" }) {
  return <ProductCardGrid cards={products.map(toProductCard)} priorityCount={priorityCount} cardHeading={cardHeading} />;
}
