import Image from "next/image";
import Link from "next/link";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { formatMoney } from "@/lib/money";
import { site } from "@/lib/site";
import { toCartProduct, type ProductDTO } from "@/lib/catalog/types";

const FALLBACK = { url: site.fallbackImage, width: 1200, height: 900, alt: null };

/** Card image widths: one column on phones, up to four 300 px columns on wide screens. */
export const PRODUCT_CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

/**
 * Spec §2 product card. The whole card is clickable through a stretched link on
 * the name; the button sits above it. Styled by the short `pcard-*` component
 * classes in app/globals.css: a listing repeats this markup dozens of times, in
 * its HTML and again in its RSC payload. Only the add-to-cart button is a client
 * island, and it receives the few fields it needs.
 */
export function ProductCard({ product, priority, heading: Heading = "h3" }: { product: ProductDTO; priority?: boolean; heading?: "h2" | "h3" }) {
  const image = product.media[0] ?? (product.images[0] ? { url: product.images[0], width: 1200, height: 900, alt: null } : FALLBACK);
  const soldUnique = product.uniqueItem && product.sold;
  const summary = product.shortDescription ?? product.description;

  return (
    <article className="pcard" data-testid="product-card" data-slug={product.slug}>
      <div className="pcard-media">
        <Image
          src={image.url}
          alt={image.alt ?? product.name}
          width={image.width}
          height={image.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          sizes={PRODUCT_CARD_SIZES}
          className={soldUnique ? "pcard-img pcard-img-sold" : "pcard-img"}
        />
        <div className="pcard-flags">
          {product.featured && !product.sold && <span className="badge badge-primary shadow-sm">Featured</span>}
          {product.uniqueItem && !product.sold && <span className="badge badge-secondary pcard-only">Only 1 Available</span>}
        </div>
        {soldUnique && (
          <div className="pcard-sold" aria-hidden="true">
            <span>SOLD</span>
          </div>
        )}
      </div>
      <div className="pcard-body">
        <div className="pcard-meta">
          <span className="badge badge-outline text-muted-foreground" data-testid="category-badge">
            {product.category.name}
          </span>
          <span className="pcard-stars" aria-hidden="true">
            ★★★★★
          </span>
        </div>
        <Heading className="pcard-title">
          <Link href={`/product/${product.slug}`} data-testid="product-link">
            {product.name}
            {soldUnique && <span className="sr-only"> (sold)</span>}
          </Link>
        </Heading>
        {summary && <p className="pcard-summary">{summary}</p>}
        <div className="pcard-foot">
          <span className="pcard-price" data-testid="product-price">
            {formatMoney(product.price)}
          </span>
          <AddToCartButton product={toCartProduct(product)} size="sm" className="pcard-add" />
        </div>
      </div>
    </article>
  );
}
