import Image from "next/image";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { StarRow } from "@/components/catalog/star-row";
import { formatMoney } from "@/lib/money";
import { site } from "@/lib/site";
import { toCartProduct, type ProductDTO } from "@/lib/catalog/types";

const FALLBACK = { url: site.fallbackImage, width: 1200, height: 900, alt: null };

/** Spec §2 product card. The whole card is clickable through a stretched link on the name; the button sits above it. */
export function ProductCard({ product, priority }: { product: ProductDTO; priority?: boolean }) {
  const href = `/product/${product.slug}`;
  const image = product.media[0] ?? (product.images[0] ? { url: product.images[0], width: 1200, height: 900, alt: null } : FALLBACK);
  const soldUnique = product.uniqueItem && product.sold;
  const summary = product.shortDescription ?? product.description;

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs transition-shadow has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/60 hover:shadow-md"
      data-testid="product-card"
      data-slug={product.slug}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <Image
          src={image.url}
          alt={image.alt ?? product.name}
          width={image.width}
          height={image.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className={`size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] ${soldUnique ? "opacity-80 grayscale-[30%]" : ""}`}
        />
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {product.featured && !product.sold && <Badge className="shadow-sm">Featured</Badge>}
          {product.uniqueItem && !product.sold && (
            <Badge variant="secondary" className="border-primary/20 bg-background/90 text-foreground shadow-sm">
              Only 1 Available
            </Badge>
          )}
        </div>
        {soldUnique && (
          <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true">
            <span className="absolute right-[-44px] top-[18px] w-[160px] rotate-45 bg-destructive py-1 text-center text-xs font-bold tracking-[0.2em] text-white shadow-md">
              SOLD
            </span>
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="outline" className="text-muted-foreground" data-testid="category-badge">
            {product.category.name}
          </Badge>
          <StarRow />
        </div>
        <h3 className="font-serif text-lg leading-snug font-semibold">
          <Link
            href={href}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary focus-visible:underline"
            data-testid="product-link"
          >
            {product.name}
            {soldUnique && <span className="sr-only"> (sold)</span>}
          </Link>
        </h3>
        {summary && <p className="line-clamp-3 text-sm text-muted-foreground">{summary}</p>}
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <span className="text-lg font-semibold text-primary" data-testid="product-price">
            {formatMoney(product.price)}
          </span>
          <div className="relative z-10 w-auto">
            <AddToCartButton product={toCartProduct(product)} size="sm" className="w-auto" />
          </div>
        </div>
      </div>
    </article>
  );
}
