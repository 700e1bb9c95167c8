import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import type { ListingQuery } from "@/components/catalog/listing-url";
import { ProductListing } from "@/components/catalog/product-listing";
import { getCategoryBySlug } from "@/lib/catalog/queries";
import { listingQueryFromSegments } from "@/lib/catalog/listing-route";
import { ALL_CATEGORIES } from "@/lib/catalog/listing-url.mjs";

/**
 * The body of every listing page: /shop, /shop/{categorySlug}, and their
 * cached route app/(shop)/listing/{category|_all}/{sort}/{page}[/{term}]
 * (lib/catalog/listing-url.mjs). A page names its category's slug (null for
 * all products) and the URL query; a slug no category has is the 404 page.
 */
export type ListingPageProps = { slug: string | null; query: ListingQuery };

async function resolve(slug: string | null) {
  const category = slug === null ? null : await getCategoryBySlug(slug);
  return { category, missing: slug !== null && !category };
}

export async function listingPageMetadata({ slug, query }: ListingPageProps): Promise<Metadata> {
  const { category, missing } = await resolve(slug);
  if (missing) return { title: "Category Not Found", robots: { index: false } };
  return listingMetadata(category, query);
}

export async function ListingPage({ slug, query }: ListingPageProps) {
  const { category, missing } = await resolve(slug);
  if (missing) notFound();
  return <ProductListing category={category} query={query} />;
}

/** The cached route's segments (the term still percent-encoded, as the route receives it) as a listing page's props. */
export function cachedListingProps({ category, sort, page, term }: { category: string; sort: string; page: string; term?: string }): ListingPageProps {
  return { slug: category === ALL_CATEGORIES ? null : category, query: listingQueryFromSegments(sort, page, term) };
}
