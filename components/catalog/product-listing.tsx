import Link from "next/link";
import { redirect } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CategoryPills } from "@/components/catalog/category-pills";
import { StarRating } from "@/components/reviews/star-rating";
import { getRatingTotals } from "@/lib/reviews/queries";
import { DidYouMean } from "@/components/catalog/did-you-mean";
import { ListingNavigationProvider, ListingResults } from "@/components/catalog/listing-navigation";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { Pagination } from "@/components/catalog/pagination";
import { ProductGrid } from "@/components/catalog/product-grid";
import { ShopToolbar } from "@/components/catalog/shop-toolbar";
import { listCategories, listProducts } from "@/lib/catalog/queries";
import { parseListingParams } from "@/lib/catalog/schemas";
import type { CategoryDTO } from "@/lib/catalog/types";
import { PAGE_SIZE } from "@/lib/site";

export const ALL_PRODUCTS_DESCRIPTION =
  "Everything from the workshop: hand-turned bowls, furniture and home decor in solid hardwood, and precision 3D-printed jigs, fixtures and tools for your own bench.";

export function shopPath(category: Pick<CategoryDTO, "slug"> | null): string {
  return category ? `/shop/${category.slug}` : "/shop";
}

/**
 * Spec §2 shop listing, shared by /shop and /shop/{categorySlug}. Reads search, sort
 * and page from the URL; a page past the last one redirects to the last page.
 */
export async function ProductListing({ category, query }: { category: CategoryDTO | null; query: ListingQuery }) {
  const { search, sort, page } = parseListingParams(query);
  const pathname = shopPath(category);
  const [{ products, total, didYouMean }, categories, ratings] = await Promise.all([
    listProducts({ category: category?.slug, search, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listCategories(),
    getRatingTotals(),
  ]);
  // The category's (or, on /shop, the shop's) average of approved reviews; nothing without reviews.
  const rating = category ? ratings.categories[category.slug] : ratings.shop;
  const totalPages = Math.ceil(total / PAGE_SIZE);
  if (total > 0 && page > totalPages) redirect(listingHref(pathname, query, { page: totalPages }));

  const heading = category?.name ?? "All Products";
  const description = category?.description ?? ALL_PRODUCTS_DESCRIPTION;
  const clearSearchHref = listingHref(pathname, query, { search: null });
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">{category ? "Shop by category" : "Shop"}</p>
        <h1 className="mt-1 font-serif text-3xl font-semibold sm:text-4xl">{heading}</h1>
        {rating && (
          <p className="mt-2" data-testid="listing-rating">
            <StarRating count={rating.count} starTotal={rating.starTotal} />
          </p>
        )}
        <p className="mt-3 text-muted-foreground sm:text-lg" data-testid="listing-description">
          {description}
        </p>
      </header>

      <CategoryPills categories={categories.map(({ slug, name }) => ({ slug, name }))} active={category?.slug ?? null} search={search} sort={sort} />

      <ListingNavigationProvider>
        <div className="mt-6 rounded-lg border bg-card/60 p-4">
          <ShopToolbar key={pathname} pathname={pathname} query={query} search={search} sort={sort} />
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <p role="status" className="mr-1 font-medium" data-testid="product-count">
              {total} {total === 1 ? "product" : "products"}
            </p>
            {category && (
              <Badge variant="secondary" data-testid="listing-category-badge">
                {category.name}
              </Badge>
            )}
            {search && (
              <Badge variant="outline" className="gap-1 bg-background pr-1" data-testid="search-badge">
                <span className="max-w-[16rem] truncate">Search: &quot;{search}&quot;</span>
                <Link
                  href={clearSearchHref}
                  className="rounded-sm p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  aria-label="Remove search filter"
                >
                  <Icon name="x" className="size-3" />
                </Link>
              </Badge>
            )}
            {total > PAGE_SIZE && (
              <span className="text-muted-foreground sm:ml-auto">
                Showing {first}–{last} · Page {page} of {totalPages}
              </span>
            )}
            {search && didYouMean && <DidYouMean pathname={pathname} query={query} suggestion={didYouMean} />}
          </div>
        </div>

        <ListingResults className="mt-8">
          {products.length > 0 ? (
            <div className="flex flex-col gap-10">
              <ProductGrid products={products} priorityCount={page === 1 ? 4 : 0} cardHeading="h2" />
              <Pagination pathname={pathname} query={query} page={page} totalPages={totalPages} />
            </div>
          ) : (
            <EmptyState search={search} clearSearchHref={clearSearchHref} inCategory={Boolean(category)} />
          )}
        </ListingResults>
      </ListingNavigationProvider>
    </div>
  );
}

function EmptyState({ search, clearSearchHref, inCategory }: { search: string; clearSearchHref: string; inCategory: boolean }) {
  return (
    <section className="flex flex-col items-center rounded-lg border border-dashed px-6 py-16 text-center" data-testid="empty-state">
      <Icon name="package-search" className="size-12 text-muted-foreground" />
      <h2 className="mt-4 font-serif text-2xl font-semibold">No Products Found</h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        {search ? `No products match "${search}". Try a different search term.` : "No products available in this category yet."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {search && (
          <Button asChild>
            <Link href={clearSearchHref}>Clear Search</Link>
          </Button>
        )}
        {inCategory && (
          <Button asChild variant="outline">
            <Link href="/shop">Browse All Products</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
