import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { StarRating } from "@/components/reviews/star-rating";
import { getRatingTotals, type RatingTotals } from "@/lib/reviews/queries";
import { ListingBody, shopPath } from "@/components/catalog/listing-body";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { listCategories, listProducts } from "@/lib/catalog/queries";
import { parseListingParams } from "@/lib/catalog/schemas";
import { toProductCard, type CategoryDTO } from "@/lib/catalog/types";
import { PAGE_SIZE } from "@/lib/site";

export { shopPath };

/** What a results shell shows in place of the results, given the listing's category and every category (for the pills). */
export type DeferredResults = (listing: { category: { slug: string; name: string } | null; categories: Array<{ slug: string; name: string }> }) => ReactNode;

export const ALL_PRODUCTS_DESCRIPTION =
  "Everything from the workshop: hand-turned bowls, furniture and home decor in solid hardwood, and precision 3D-printed jigs, fixtures and tools for your own bench.";

/**
 * Spec §2 shop listing, shared by /shop and /shop/{categorySlug}. Reads search, sort
 * and page from the URL; a page past the last one redirects to the last page.
 * `deferred`: the results shell of a search (app/(shop)/listing/{category}/search,
 * lib/catalog/listing-url.mjs searchShellTarget) — the same page without results,
 * the same for every term, whose search, sort and results the browser reads from
 * its URL and loads: what it renders in their place
 * (components/catalog/deferred-search.tsx, imported by that route alone, so no
 * other listing's JavaScript carries it).
 */
export async function ProductListing({ category, query, deferred }: { category: CategoryDTO | null; query: ListingQuery; deferred?: DeferredResults }) {
  const { search, sort, page } = parseListingParams(query);
  const [listed, categories, ratings] = await Promise.all([
    deferred ? null : listProducts({ category: category?.slug, search, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listCategories(),
    getRatingTotals(),
  ]);
  if (listed && listed.total > 0 && page > Math.ceil(listed.total / PAGE_SIZE)) redirect(listingHref(shopPath(category), query, { page: Math.ceil(listed.total / PAGE_SIZE) }));
  const pills = categories.map(({ slug, name }) => ({ slug, name }));
  const scope = category ? { slug: category.slug, name: category.name } : null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ListingHeader category={category} rating={category ? ratings.categories[category.slug] : ratings.shop} />
      {listed ? (
        <ListingBody
          category={scope}
          categories={pills}
          query={query}
          search={search}
          sort={sort}
          page={page}
          result={{ cards: listed.products.map(toProductCard), total: listed.total, didYouMean: listed.didYouMean }}
        />
      ) : (
        deferred?.({ category: scope, categories: pills })
      )}
    </div>
  );
}

/** The listing's heading: its category (or all products), its rating of approved reviews (none without), its description. */
function ListingHeader({ category, rating }: { category: CategoryDTO | null; rating: RatingTotals | undefined }) {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-medium tracking-wide text-primary uppercase">{category ? "Shop by category" : "Shop"}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold sm:text-4xl">{category?.name ?? "All Products"}</h1>
      {rating && (
        <p className="mt-2" data-testid="listing-rating">
          <StarRating count={rating.count} starTotal={rating.starTotal} />
        </p>
      )}
      <p className="mt-3 text-muted-foreground sm:text-lg" data-testid="listing-description">
        {category?.description ?? ALL_PRODUCTS_DESCRIPTION}
      </p>
    </header>
  );
}
