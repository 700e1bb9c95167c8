import type { Metadata } from "next";
import { ALL_PRODUCTS_DESCRIPTION, shopPath } from "@/components/catalog/product-listing";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { parseListingParams, truncateMeta } from "@/lib/catalog/schemas";
import type { CategoryDTO } from "@/lib/catalog/types";
import { META_DESCRIPTION_MAX } from "@/lib/site";

/**
 * Title and description per category or search. The canonical URL keeps the search
 * and the page but drops the sort (same products, different order); search results
 * are not indexed.
 */
export function listingMetadata(category: CategoryDTO | null, query: ListingQuery): Metadata {
  const { search, page } = parseListingParams(query);
  const pathname = shopPath(category);
  const scope = category?.name ?? "All Products";
  const pageSuffix = page > 1 ? ` (Page ${page})` : "";
  const title = search ? `Search: "${search}"${category ? ` in ${category.name}` : ""}${pageSuffix}` : `${scope}${pageSuffix}`;
  const description = truncateMeta(
    search
      ? `Products matching "${search}"${category ? ` in ${category.name}` : ""} at Maple & Micron: handcrafted wood pieces and precision 3D-printed tools.`
      : (category?.description ?? ALL_PRODUCTS_DESCRIPTION),
    META_DESCRIPTION_MAX,
  );
  const canonical = listingHref(pathname, {}, { search: search || null, page });
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: { title, description, url: canonical, type: "website" },
    ...(search ? { robots: { index: false, follow: true } } : {}),
  };
}
