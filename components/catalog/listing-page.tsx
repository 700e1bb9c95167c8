import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import { plainQuery, type ListingQuery } from "@/components/catalog/listing-url";
import { ProductListing, type DeferredResults } from "@/components/catalog/product-listing";
import { getCategoryBySlug } from "@/lib/catalog/queries";

export { cachedListingProps } from "@/lib/catalog/listing-route";

/**
 * The body of every listing page: /shop, /shop/{categorySlug}, and their
 * cached route app/(shop)/listing/{category|_all}/{sort}/{page}[/{term}]
 * (lib/catalog/listing-url.mjs). A page names its category's slug (null for
 * all products) and the URL query; a slug no category has is the 404 page.
 * `deferred`: a search's results shell, whose results the browser loads
 * (app/(shop)/listing/{category|_all}/search).
 */
export type ListingPageProps = { slug: string | null; query: ListingQuery; deferred?: DeferredResults };

async function resolve(slug: string | null) {
  const category = slug === null ? null : await getCategoryBySlug(slug);
  return { category, missing: slug !== null && !category };
}

export async function listingPageMetadata({ slug, query }: ListingPageProps): Promise<Metadata> {
  const { category, missing } = await resolve(slug);
  if (missing) return { title: "Category Not Found", robots: { index: false } };
  return listingMetadata(category, plainQuery(query));
}

export async function ListingPage({ slug, query, deferred }: ListingPageProps) {
  const { category, missing } = await resolve(slug);
  if (missing) notFound();
  return <ProductListing category={category} query={plainQuery(query)} deferred={deferred} />;
}
