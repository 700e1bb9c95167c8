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

export const metadata: Metadata = pageMetadata({ title: { absolute: site.title }, description: site.description, path: "/" });

/**
 * Home. Fully static (cached as a whole page, revalidated by catalogue tags):
 * nothing here reads the request; the product-not-found notice reads the
 * query string on the client.
 */
export default async function HomePage() {
  const [categories, gallery] = await Promise.all([listCategories(), listGalleryItems()]);
  const galleryImage = gallery.find((item) => item.media.length > 0)?.media[0].url ?? null;

  return (
    <>
      <SiteJsonLd origin={siteUrl().origin} />
      <Suspense fallback={null}>
        <ProductNotFoundNotice />
      </Suspense>
      <HomeHero galleryImage={galleryImage} />
      <FeaturedSection>
        <FeaturedProducts />
      </FeaturedSection>
      <CategoryCards categories={categories.map(({ slug, name, description, image }) => ({ slug, name, description, image }))} />
      <CraftOfferings />
    </>
  );
}
