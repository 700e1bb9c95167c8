import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CategoryPills } from "@/components/catalog/category-pills";
import { DidYouMean } from "@/components/catalog/did-you-mean";
import { ListingNavigationProvider, ListingResults } from "@/components/catalog/listing-navigation";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { Pagination } from "@/components/catalog/pagination";
import { ProductCardGrid } from "@/components/catalog/product-card-grid";
import { ShopToolbar } from "@/components/catalog/shop-toolbar";
import type { ProductCardDTO } from "@/lib/catalog/types";
import type { SortValue } from "@/lib/catalog/sort";
import { PAGE_SIZE } from "@/lib/site";

/** A listing's page of results: the cards, how many products match in all, and the corrected term a typo was searched as. */
export type ListingResult = { cards: ProductCardDTO[]; total: number; didYouMean?: string };

export type ListingBodyProps = {
  /** The listing's category (null: all products) and every category, for the pills. */
  category: { slug: string; name: string } | null;
  categories: Array<{ slug: string; name: string }>;
  /** The URL query (other parameters survive a change), and the listing values read from it (lib/catalog/rules.ts parseListingParams). */
  query: ListingQuery;
  search: string;
  sort: SortValue | undefined;
  page: number;
  /** The results; null while a search's results are being loaded (components/catalog/deferred-search.tsx). */
  result: ListingResult | null;
};

/** The listing's path: /shop, or /shop/{slug}. */
export function shopPath(category: { slug: string } | null): string {
  return category ? `/shop/${category.slug}` : "/shop";
}

/**
 * Everything of a listing page below its heading — category pills, search and
 * sort, the count and the search's badge, the results with their pagination
 * or the empty state — from the results' data. One markup for the two ways a
 * listing is shown: rendered on the server with its results
 * (components/catalog/product-listing.tsx), and the results shell a busy shop
 * answers a search with, whose results the browser loads
 * (components/catalog/deferred-search.tsx). No "use client": rendered on the
 * server where a server component uses it, so the listing pages' first-load
 * JavaScript does not carry it (tests/e2e/budget.spec.ts).
 */
export function ListingBody({ category, categories, query, search, sort, page, result }: ListingBodyProps) {
  const pathname = shopPath(category);
  const clearSearchHref = listingHref(pathname, query, { search: null });
  return (
    <>
      <CategoryPills categories={categories} active={category?.slug ?? null} search={search} sort={sort} />
      <ListingNavigationProvider>
        <div className="mt-6 rounded-lg border bg-card/60 p-4">
          <ShopToolbar key={pathname} pathname={pathname} query={query} search={search} sort={sort} />
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <ResultCount result={result} />
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
            {result && result.total > PAGE_SIZE && <PageRange total={result.total} page={page} />}
            {search && result?.didYouMean && <DidYouMean pathname={pathname} query={query} suggestion={result.didYouMean} />}
          </div>
        </div>

        <ListingResults className="mt-8">
          {result === null ? (
            <ResultsPlaceholder />
          ) : result.cards.length > 0 ? (
            <div className="flex flex-col gap-10">
              <ProductCardGrid cards={result.cards} priorityCount={page === 1 ? 4 : 0} cardHeading="h2" />
              <Pagination pathname={pathname} query={query} page={page} totalPages={Math.ceil(result.total / PAGE_SIZE)} />
            </div>
          ) : (
            <EmptyState search={search} clearSearchHref={clearSearchHref} inCategory={Boolean(category)} />
          )}
        </ListingResults>
      </ListingNavigationProvider>
    </>
  );
}

/** "12 products", or "Searching…" while the results load: a live region either way. */
function ResultCount({ result }: { result: ListingResult | null }) {
  return (
    <p role="status" className="mr-1 font-medium" data-testid="product-count">
      {result === null ? "Searching…" : `${result.total} ${result.total === 1 ? "product" : "products"}`}
    </p>
  );
}

function PageRange({ total, page }: { total: number; page: number }) {
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return (
    <span className="text-muted-foreground sm:ml-auto">
      Showing {first}–{last} · Page {page} of {Math.ceil(total / PAGE_SIZE)}
    </span>
  );
}

/** Where the results will be, while they load: a row of card-shaped blocks, hidden from assistive technology (the count says "Searching…"). */
export function ResultsPlaceholder() {
  return (
    <ul className="pgrid" aria-hidden="true" data-testid="results-placeholder">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i}>
          <div className="aspect-square animate-pulse rounded-lg bg-muted" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-muted" />
          <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-muted" />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ search, clearSearchHref, inCategory }: { search: string; clearSearchHref: string; inCategory: boolean }) {
  return (
    <section className="flex flex-col items-center rounded-lg border border-dashed px-6 py-16 text-center" data-testid="empty-state">
      <Icon name="package-search" className="size-12 text-muted-foreground" />
      <h2 className="mt-4 font-serif text-2xl font-semibold">No Products Found</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{search ? `No products match "${search}". Try a different search term.` : "No products available in this category yet."}</p>
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
