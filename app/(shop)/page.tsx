import { Suspense } from "react";
import type { Metadata } from "next";
import { CategoryCards } from "@/components/home/category-cards";
import { CraftOfferings } from "@/components/home/craft-offerings";
import { FeaturedProducts } from "@/components/home/featured-products";
import { FeaturedSection } from "@/components/home/featured-section";
import { HomeHero } from "@/components/home/home-hero";
import { ProductNotFoundNotice } from "@/components/home/product-not-found-notice";
import { listCategories, listGalleryItems } from "@/lib/catalog/queries";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { SiteJsonLd } from "@/components/seo/site-json-ld";
import { siteUrl } from "@/lib/seo/url";
import { StarRating } from "@/components/reviews/star-rating";
import { getRatingTotals } from "@/lib/reviews/queries";

export const metadata: Metadata = pageMetadata({ title: { absolute: site.title }, description: site.description, path: "/" });

/**
 * Home. Fully static (cached as a whole page, revalidated by catalogue tags):
 * nothing here reads the request; the product-not-found notice reads the
 * query string on the client.
 */
export default async function HomePage() {
  const [categories, gallery, ratings] = await Promise.all([listCategories(), listGalleryItems(), getRatingTotals()]);
  const galleryImage = gallery.find((item) => item.media.length > 0)?.media[0].url ?? null;

  return (
    <>
      <SiteJsonLd origin={siteUrl().origin} rating={ratings.shop} />
      <Suspense fallback={null}>
        <ProductNotFoundNotice />
      </Suspense>
      <HomeHero galleryImage={galleryImage} />
      {ratings.shop.count > 0 && (
        <p className="mx-auto flex w-full max-w-7xl items-center gap-2 px-4 pt-6 text-sm sm:px-6 lg:px-8" data-testid="shop-rating">
          <span className="font-medium">What buyers say:</span>
          <StarRating count={ratings.shop.count} starTotal={ratings.shop.starTotal} />
        </p>
      )}
      <FeaturedSection>
        <FeaturedProducts />
      </FeaturedSection>
      <CategoryCards categories={categories.map(({ slug, name, description, image }) => ({ slug, name, description, image }))} />
      <CraftOfferings />
    </>
  );
}
