import type { Metadata } from "next";
import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import { Separator } from "@/components/ui/separator";
import { Breadcrumb } from "@/components/catalog/breadcrumb";
import { ProductGallery } from "@/components/catalog/product-gallery";
import { ProductGrid } from "@/components/catalog/product-grid";
import { ProductPurchase } from "@/components/catalog/product-purchase";
import { LazyVariantPurchase } from "@/components/catalog/lazy-variant-purchase";
import { HydrationSlice } from "@/components/ui/hydration-slice";
import { getProductDelivery, getRelatedProducts, type ProductDelivery } from "@/lib/catalog/queries";
import { parseVideoUrl } from "@/lib/catalog/schemas";
import { DEFAULT_IMAGE_SIZE, toCartProduct, toVariantCartProduct, type ProductDTO, type ProductImageDTO } from "@/lib/catalog/types";
import { defaultVariant } from "@/lib/catalog/variants";
import { formatMoney } from "@/lib/money";
import { breadcrumbJsonLd, productBreadcrumb, productDescription, productJsonLd, productPath } from "@/lib/seo/json-ld";
import { pageMetadata, productOgImagePath } from "@/lib/seo/metadata";
import { RELATED_LIMIT, site } from "@/lib/site";
import { JsonLdScript } from "@/components/seo/json-ld";
import { StarRating } from "@/components/reviews/star-rating";
import { ReviewList } from "@/components/reviews/review-list";
import { listProductReviews } from "@/lib/reviews/queries";

/**
 * A product page (spec §2): the plain /product/{slug}, and the same page with a variant chosen
 * (/product/{slug}?variant={SKU}, served by app/(shop)/product-variant through lib/catalog/variant-url.mjs).
 * Both are cached pages; the plain one never reads its query.
 */
const FALLBACK_IMAGE: ProductImageDTO = { url: site.fallbackImage, ...DEFAULT_IMAGE_SIZE, alt: null };

/** The page's metadata: one canonical address per product, whichever variant is chosen. */
export function productPageMetadata(product: ProductDTO | null): Metadata {
  if (!product) return { title: "Product Not Found", robots: { index: false } };
  const title = product.seoTitle ?? product.name;
  const description = productDescription(product);
  // An SEO title that already names the shop is used as is; anything else gets the site's title template.
  const pageTitle: Metadata["title"] = product.seoTitle?.includes(site.name) ? { absolute: product.seoTitle } : title;
  return pageMetadata({
    title: pageTitle,
    ogTitle: title,
    description,
    path: productPath(product),
    image: { url: productOgImagePath(product.slug), alt: product.media[0]?.alt ?? product.name },
  });
}

/**
 * How the piece reaches the shopper: the spec's free-shipping line for a parcel; an oversize piece's own freight
 * (charged per piece whatever the order's total, lib/shipping/rules.ts); or delivery by arrangement (not shipped).
 */
function DeliveryLine({ delivery }: { delivery: ProductDelivery }) {
  if (delivery.byArrangement)
    return (
      <span>
        Delivered by arrangement:{" "}
        <Link href="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          contact us
        </Link>{" "}
        for delivery
      </span>
    );
  if (delivery.freight) return <span>Freight delivery: {formatMoney(delivery.freight)} per piece</span>;
  return <>Free shipping on orders over $100</>;
}

/** The page's body; `sku`: the variant chosen by the address (a product with variants shows its default one otherwise). */
export async function ProductPageView({ product, sku }: { product: ProductDTO; sku?: string }) {
  const [related, reviews, delivery] = await Promise.all([getRelatedProducts(product, RELATED_LIMIT), listProductReviews(product), getProductDelivery(product.id)]);
  const video = parseVideoUrl(product.videoUrl);
  const images = product.media.length ? product.media : [FALLBACK_IMAGE];
  const soldUnique = product.uniqueItem && product.sold;
  // A gift card ships nothing and is not made: no shipping or workshop lines, no commission link.
  const giftCard = product.kind === "gift_card";
  const cartProduct = toCartProduct(product);
  // The purchase controls need the count limit, not the words shown above them.
  const { ships: _ships, fewLeft: _few, shipDays: _days, ...purchase } = cartProduct;
  const variants = product.variants?.length && product.options?.length ? product.variants : null;
  const chosen = variants ? (variants.find((v) => v.sku === sku) ?? defaultVariant(variants)!) : null;
  const chosenImage = chosen?.image ? images.findIndex((i) => i.url === chosen.image) : -1;
  const paragraphs = product.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  const breadcrumb = productBreadcrumb(product);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <JsonLdScript data={[productJsonLd(product, reviews.reviews), breadcrumbJsonLd(breadcrumb)]} />

      <Breadcrumb items={breadcrumb} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <ProductGallery name={product.name} images={images} video={video} sold={soldUnique} {...(chosenImage > 0 ? { initial: chosenImage } : {})} />
        </div>

        <div className="flex min-w-0 flex-col gap-5" data-testid="product-info">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge asChild variant="outline" className="text-muted-foreground">
                <Link href={`/shop/${product.category.slug}`}>{product.category.name}</Link>
              </Badge>
              {product.featured && !product.sold && <Badge>Featured</Badge>}
            </div>
            <h1 className="mt-3 font-serif text-3xl leading-tight font-semibold sm:text-4xl">{product.name}</h1>
            <div className="mt-2" data-testid="product-rating">
              <StarRating count={product.reviewCount} starTotal={product.reviewStarTotal} empty={<p className="text-sm text-muted-foreground">No reviews yet</p>} />
            </div>
            {/* A product with variants shows the chosen one's price with its choices (VariantPurchase). */}
            {!chosen && (
              <p className="mt-3 text-2xl font-semibold text-primary" data-testid="product-price">
                {formatMoney(product.price)}
              </p>
            )}
          </div>

          {soldUnique ? (
            <div className="rounded-lg border border-destructive/30 bg-destructive/5 p-4" data-testid="sold-banner">
              <p className="inline-flex rounded-sm bg-destructive px-2.5 py-0.5 text-sm font-bold tracking-[0.2em] text-white">SOLD</p>
              <p className="mt-2 font-medium">This unique handcrafted piece has been sold.</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Browse more{" "}
                <Link href={`/shop/${product.category.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {product.category.name}
                </Link>{" "}
                or see other finished pieces in the{" "}
                <Link href="/gallery" className="font-medium text-primary underline-offset-4 hover:underline">
                  gallery
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              {product.uniqueItem && (
                <div className="flex items-center gap-2 rounded-lg border border-primary/25 bg-accent/60 px-4 py-3 text-sm" data-testid="unique-notice">
                  <Icon name="badge-check" className="size-5 text-primary" />
                  <p>
                    <span className="font-semibold">Only 1 Available</span>
                    <span className="text-muted-foreground"> · a one-of-a-kind piece; once it is sold it is gone.</span>
                  </p>
                </div>
              )}
              {variants && chosen ? (
                <HydrationSlice>
                  <LazyVariantPurchase
                    options={product.options!}
                    offers={variants.map((v) => ({
                      sku: v.sku,
                      values: v.values,
                      product: toVariantCartProduct(product, v),
                      image: Math.max(
                        0,
                        images.findIndex((i) => i.url === v.image),
                      ),
                    }))}
                    initial={variants.indexOf(chosen)}
                  />
                </HydrationSlice>
              ) : (
                <>
                  <p className="text-sm">
                    {cartProduct.fewLeft && <b>{cartProduct.fewLeft} · </b>}
                    {cartProduct.ships}
                  </p>
                  <ProductPurchase product={purchase} />
                </>
              )}
            </>
          )}

          {product.shortDescription && <p className="text-lg text-foreground/90">{product.shortDescription}</p>}

          {!soldUnique && !giftCard && (
            <ul className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
              <li className="flex items-center gap-2" data-testid="product-delivery">
                <Icon name="truck" className="text-primary" />
                <DeliveryLine delivery={delivery} />
              </li>
              <li className="flex items-center gap-2">
                <Icon name="hammer" className="text-primary" />
                Made in our {site.address.city}, {site.address.state} workshop
              </li>
            </ul>
          )}

          {!giftCard && (
            <p className="text-sm text-muted-foreground" data-testid="commission-link">
              Want one like this?{" "}
              <Link href={`/commission?product=${product.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Commission a piece
              </Link>{" "}
              made to your wood, size or tool.
            </p>
          )}

          <Separator />

          <section aria-labelledby="product-description-heading">
            <h2 id="product-description-heading" className="font-serif text-xl font-semibold">
              Description
            </h2>
            <div className="mt-3 space-y-4 leading-relaxed text-foreground/85" data-testid="product-description">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>
        </div>
      </div>

      <ReviewList page={reviews} productName={product.name} />

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16 border-t pt-10" data-testid="related-products">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="related-heading" className="font-serif text-2xl font-semibold">
              You May Also Like
            </h2>
            <Link href={`/shop/${product.category.slug}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              More {product.category.name}
            </Link>
          </div>
          <div className="mt-6">
            <ProductGrid products={related} />
          </div>
        </section>
      )}
    </div>
  );
}
