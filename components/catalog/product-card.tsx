"use client";

import Link from "next/link";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { formatMoney } from "@/lib/money";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { CARD_IMAGE_SIZES, DEFAULT_IMAGE_SIZE } from "@/lib/images/loader";
import { site } from "@/lib/site";
import type { ProductCardDTO } from "@/lib/catalog/types";

/**
 * Spec §2 product card. The whole card is clickable through a stretched link on
 * the name; the button sits above it. Styled by the short `pcard-*` component
 * classes in app/globals.css.
 *
 * A client component on purpose, though it has no state of its own: it is still
 * rendered on the server (its text and links are in the HTML, for shoppers and
 * crawlers), but a listing's RSC payload then carries each card as its small
 * record (ProductCardDTO) instead of a second copy of the card's markup, which
 * was a third of a listing page's bytes. Its code ships once, with the
 * add-to-cart button it already needed.
 */
export function ProductCard({ product, priority, heading: Heading = "h3" }: { product: ProductCardDTO; priority?: boolean; heading?: "h2" | "h3" }) {
  const soldUnique = product.uniqueItem && product.sold;

  return (
    <article className="pcard" data-testid="product-card" data-slug={product.slug}>
      <div className="pcard-media">
        <ResponsiveImage
          src={product.image ?? site.fallbackImage}
          alt={product.alt ?? product.name}
          width={product.width ?? DEFAULT_IMAGE_SIZE.width}
          height={product.height ?? DEFAULT_IMAGE_SIZE.height}
          priority={priority}
          sizes={CARD_IMAGE_SIZES}
          className={soldUnique ? "pcard-img pcard-img-sold" : "pcard-img"}
        />
        {!product.sold && (product.featured || product.uniqueItem) && (
          <div className="pcard-flags">
            {product.featured && <span className="badge badge-primary shadow-sm">Featured</span>}
            {product.uniqueItem && <span className="badge badge-secondary pcard-only">Only 1 Available</span>}
          </div>
        )}
        {soldUnique && (
          <div className="pcard-sold" aria-hidden="true">
            <span>SOLD</span>
          </div>
        )}
      </div>
      <div className="pcard-body">
        <div className="pcard-meta">
          <span className="badge pcard-cat" data-testid="category-badge">
            {product.category}
          </span>
          {/* The real rating only (components/reviews/star-rating.tsx draws the same row; its words come with the card's record). */}
          {product.rating && (
            <span className="stars" role="img" aria-label={product.rating[1]}>
              <span className="stars-row" data-average={product.rating[2]} />
              {product.rating[0]}
            </span>
          )}
        </div>
        <Heading className="pcard-title">
          <Link href={`/product/${product.slug}`} data-testid="product-link">
            {product.name}
            {soldUnique && <span className="sr-only"> (sold)</span>}
          </Link>
        </Heading>
        {product.summary && <p className="pcard-summary">{product.summary}</p>}
        <small>{product.ships}</small>
        <div className="pcard-foot">
          <span className="pcard-price" data-testid="product-price">
            {product.from && "From "}
            {formatMoney(product.price)}
          </span>
          {/* A product with variants is chosen on its page ("Choose dowel size"). */}
          {product.choose && !product.sold ? (
            <Link href={`/product/${product.slug}`} className="btn btn-outline btn-sm pcard-add" data-testid="choose-variant">
              {product.choose}
              <span className="sr-only">{`: ${product.name}`}</span>
            </Link>
          ) : (
            <AddToCartButton product={product} size="sm" className="pcard-add" />
          )}
        </div>
      </div>
    </article>
  );
}
