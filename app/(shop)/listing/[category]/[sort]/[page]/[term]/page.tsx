import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listingMetadata } from "@/components/catalog/listing-metadata";
import { ProductListing } from "@/components/catalog/product-listing";
import { getCategoryBySlug } from "@/lib/catalog/queries";
import { ALL_CATEGORIES, listingQueryFromSegments } from "@/lib/catalog/listing-route";

/**
 * The cached form of a search result page (/shop?search=… or
 * /shop/{category}?search=…), for terms searched before on this instance:
 * they are served here (lib/catalog/listing-url.mjs; the browser keeps its URL). Rendered once per
 * term, sort and page, served from the full-route cache and expired with the
 * catalogue tags, like the plain listings one level up.
 */
type Props = { params: Promise<{ category: string; sort: string; page: string; term: string }> };

export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

/** The term segment, percent-decoded once (a malformed one is used as it is). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function resolve(props: Props) {
  const { category: slug, sort, page, term } = await props.params;
  const category = slug === ALL_CATEGORIES ? null : await getCategoryBySlug(slug);
  return { missing: slug !== ALL_CATEGORIES && !category, category, query: listingQueryFromSegments(sort, page, decodeSegment(term)) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { missing, category, query } = await resolve(props);
  if (missing) return { title: "Category Not Found", robots: { index: false } };
  return listingMetadata(category, query);
}

export default async function CachedSearchPage(props: Props) {
  const { missing, category, query } = await resolve(props);
  if (missing) notFound();
  return <ProductListing category={category} query={query} />;
}
