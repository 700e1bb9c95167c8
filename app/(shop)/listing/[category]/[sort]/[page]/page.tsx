import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import { ProductListing } from "@/components/catalog/product-listing";
import { getCategoryBySlug } from "@/lib/catalog/queries";
import { ALL_CATEGORIES, listingQueryFromSegments } from "@/lib/catalog/listing-route";

/**
 * The cached form of /shop and /shop/{category} without a search term.
 * those URLs are served here (lib/catalog/listing-url.mjs; the browser keeps the /shop URL), so
 * every category × sort × page is rendered once, served from the full-route
 * cache, and revalidated by the catalogue tags. Searches stay dynamic.
 */
type Props = { params: Promise<{ category: string; sort: string; page: string }> };

export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

async function resolve(props: Props) {
  const { category: slug, sort, page } = await props.params;
  const category = slug === ALL_CATEGORIES ? null : await getCategoryBySlug(slug);
  return { missing: slug !== ALL_CATEGORIES && !category, category, query: listingQueryFromSegments(sort, page) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { missing, category, query } = await resolve(props);
  if (missing) return { title: "Category Not Found", robots: { index: false } };
  return listingMetadata(category, query);
}

export default async function CachedListingPage(props: Props) {
  const { missing, category, query } = await resolve(props);
  if (missing) notFound();
  return <ProductListing category={category} query={query} />;
}
