import type { Metadata } from "next";
import { ALL_PRODUCTS_DESCRIPTION, shopPath } from "@/components/catalog/product-listing";
import { listingHref, listingTitle, type ListingQuery } from "@/components/catalog/listing-url";
import { parseListingParams, truncateMeta } from "@/lib/catalog/schemas";
import type { CategoryDTO } from "@/lib/catalog/types";
import { categoryOgImagePath, pageMetadata } from "@/lib/seo/metadata";
import { META_DESCRIPTION_MAX, site } from "@/lib/site";

/**
 * Title and description per category or search. The canonical URL keeps the search
 * and the page but drops the sort (same products, different order); search results
 * are not indexed.
 */
export function listingMetadata(category: CategoryDTO | null, query: ListingQuery): Metadata {
  const { search, page } = parseListingParams(query);
  const pathname = shopPath(category);
  const title = listingTitle(category?.name ?? null, search, page);
  const scopeDescription = category ? (category.description ?? `${category.name} from ${site.name}: ${site.tagline.toLowerCase()}.`) : ALL_PRODUCTS_DESCRIPTION;
  const description = truncateMeta(
    search
      ? `Products matching "${search}"${category ? ` in ${category.name}` : ""} at ${site.name}: handcrafted wood pieces and precision 3D-printed tools.`
      : page > 1
        ? `Page ${page}: ${scopeDescription}`
        : scopeDescription,
    META_DESCRIPTION_MAX,
  );
  const canonical = listingHref(pathname, {}, { search: search || null, page });
  return pageMetadata({
    title,
    description,
    path: canonical,
    image: category ? { url: categoryOgImagePath(category.slug), alt: category.name } : undefined,
    noindex: Boolean(search),
  });
}
