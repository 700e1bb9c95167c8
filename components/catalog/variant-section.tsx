import { VariantPurchase } from "@/components/catalog/variant-purchase";
import { toVariantCartProduct, type ProductDTO } from "@/lib/catalog/types";
import type { VariantDTO } from "@/lib/catalog/variants";

/**
 * The choices of a product with variants (components/catalog/variant-purchase.tsx), as the product
 * page renders them. A server component the page imports dynamically (components/catalog/product-page.tsx):
 * the variant controls' code is then its own chunk, loaded by the pages that show it (its script in
 * their HTML), not by every product page.
 */
export function VariantSection({ product, variants, chosen }: { product: ProductDTO; variants: VariantDTO[]; chosen: VariantDTO }) {
  return (
    <VariantPurchase
      options={product.options ?? []}
      offers={variants.map((v) => ({ sku: v.sku, values: v.values, product: toVariantCartProduct(product, v) }))}
      initial={variants.indexOf(chosen)}
    />
  );
}
