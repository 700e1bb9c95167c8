import type { Metadata } from "next";
import { cachedListingProps, ListingPage, listingPageMetadata } from "@/components/catalog/listing-page";

/**
 * The cached form of a search result page (/shop?search=… or
 * /shop/{category}?search=…), for terms searched before on this instance
 * (every term with REDIS_URL): they are served here (lib/catalog/listing-url.mjs;
 * the browser keeps its URL). Rendered once per
 * term, sort and page, served from the full-route cache and expired with the
 * catalogue tags, like the plain listings one level up.
 */
type Props = { params: Promise<{ category: string; sort: string; page: string; term: string }> };

export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return listingPageMetadata(cachedListingProps(await props.params));
}

export default async function CachedSearchPage(props: Props) {
  return <ListingPage {...cachedListingProps(await props.params)} />;
}
