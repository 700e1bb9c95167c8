import type { Metadata } from "next";
import { ListingPage, listingPageMetadata } from "@/components/catalog/listing-page";
import { deferredSearchResults } from "@/components/catalog/search-shell";
import { ALL_CATEGORIES } from "@/lib/catalog/listing-route";

/**
 * A search's results shell (lib/catalog/listing-url.mjs searchShellTarget):
 * the listing page of a category (or of all products, `_all`) without
 * results, the same for every term, rendered once, served from the
 * full-route cache and expired with the catalogue tags like the listings
 * beside it. `npm start`'s front server answers a search page with it when
 * the search would otherwise wait for a render; the browser reads the search
 * from its address and loads the results (components/catalog/deferred-search.tsx).
 * Not addressable from outside, like every /listing path.
 */
type Props = { params: Promise<{ category: string }> };

export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams() {
  return [];
}

const shellProps = (category: string) => ({ slug: category === ALL_CATEGORIES ? null : category, query: {}, deferred: deferredSearchResults });

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { category } = await props.params;
  // The title follows the search in the browser; a search result page is never indexed.
  return { ...(await listingPageMetadata(shellProps(category))), title: "Search", robots: { index: false, follow: true }, alternates: {} };
}

export default async function SearchShellPage(props: Props) {
  const { category } = await props.params;
  return <ListingPage {...shellProps(category)} />;
}
