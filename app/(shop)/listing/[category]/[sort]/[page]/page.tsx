import type { Metadata } from "next";
import { cachedListingProps, ListingPage, listingPageMetadata } from "@/components/catalog/listing-page";

/**
 * The cached form of /shop and /shop/{category} without a search term.
 * those URLs are served here (lib/catalog/listing-url.mjs; the browser keeps the /shop URL), so
 * every category × sort × page is rendered once, served from the full-route
 * cache, and revalidated by the catalogue tags. Searches: ./[term].
 */
/** The term is there on ./[term], which serves this same page. */
type Props = { params: Promise<{ category: string; sort: string; page: string; term?: string }> };

export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return listingPageMetadata(cachedListingProps(await props.params));
}

export default async function CachedListingPage(props: Props) {
  return <ListingPage {...cachedListingProps(await props.params)} />;
}
