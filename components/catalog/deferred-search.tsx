"use client";

import { useEffect, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { ListingBody, ResultsPlaceholder, shopPath, type ListingResult } from "@/components/catalog/listing-body";
import { listingHref, listingTitle } from "@/components/catalog/listing-url";
import { parseListingParams } from "@/lib/catalog/rules";
import { toProductCard, type ProductDTO } from "@/lib/catalog/types";
import { PAGE_SIZE, site } from "@/lib/site";

type Scope = { slug: string; name: string } | null;
type Loaded = { url: string; result: ListingResult | "failed" };

/**
 * The results of a search shown in its results shell (lib/catalog/listing-url.mjs
 * searchShellTarget): the shell is one cached page for every term, so the
 * search, sort and page are read here from the address, and the results
 * loaded from GET /api/products — the search the rendered page runs
 * (lib/catalog/queries.ts listProducts), the same cards, count and "Did you
 * mean" (components/catalog/listing-body.tsx). A page past the last goes to
 * the last, as the rendered page redirects; the title follows the search.
 */
export function DeferredSearch({ category, categories }: { category: Scope; categories: Array<{ slug: string; name: string }> }) {
  const params = useSearchParams();
  const router = useRouter();
  const query = Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]));
  const { search, sort, page } = parseListingParams(query);
  const url = resultsUrl(category, search, sort, page);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadResults(url, controller.signal).then(
      (result) => setLoaded({ url, result }),
      () => controller.signal.aborted || setLoaded({ url, result: "failed" }),
    );
    return () => controller.abort();
  }, [url]);

  const result = loaded?.url === url ? loaded.result : null;
  const lastPage = result && result !== "failed" && result.total > 0 ? Math.ceil(result.total / PAGE_SIZE) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) router.replace(listingHref(shopPath(category), params, { page: lastPage }), { scroll: false });
  }, [lastPage, page, category, params, router]);
  useDocumentTitle(`${listingTitle(category?.name ?? null, search, page)} | ${site.name}`);

  if (result === "failed") return <LoadFailed />;
  return <ListingBody category={category} categories={categories} query={query} search={search} sort={sort} page={page} result={result} />;
}

/**
 * The search's title (the rendered page's: components/catalog/listing-url.ts
 * listingTitle) on a page whose metadata names no term: set, and set again
 * whenever the page's own <title> is re-rendered ("Search"), until the shell
 * leaves.
 */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const apply = () => {
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    const element = document.querySelector("head > title");
    if (element) observer.observe(element, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [title]);
}

/** GET /api/products for the listing the address asks for: the page's twelve (lib/catalog/schemas.ts productListQuerySchema). */
function resultsUrl(category: Scope, search: string, sort: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category.slug);
  if (search) params.set("search", search);
  if (sort) params.set("sort", sort);
  params.set("limit", String(PAGE_SIZE));
  if (page > 1) params.set("offset", String((page - 1) * PAGE_SIZE));
  return `/api/products?${params}`;
}

async function loadResults(url: string, signal: AbortSignal): Promise<ListingResult> {
  const response = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const { products, total, didYouMean } = (await response.json()) as { products: ProductDTO[]; total: number; didYouMean?: string };
  return { cards: products.map(toProductCard), total, ...(didYouMean ? { didYouMean } : {}) };
}

/** The results could not be loaded (the API refused or the connection failed): reloading asks for the page again. */
function LoadFailed() {
  return (
    <div className="mt-8 rounded-lg border border-dashed px-6 py-12 text-center" role="alert" data-testid="results-failed">
      <p className="font-medium">The results could not be loaded.</p>
      <button type="button" className="btn btn-outline btn-sm mt-4" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}

/**
 * What the shell's HTML holds where the results will be (the search is read from the
 * address in the browser): a placeholder announcing the search, and, for a browser
 * without JavaScript, a way on.
 */
export function DeferredSearchFallback() {
  return (
    <div className="mt-6" data-search-shell="">
      <p role="status" className="text-sm font-medium" data-testid="product-count">
        Searching…
      </p>
      <noscript>
        <p className="mt-4 rounded-lg border bg-card p-4 text-sm" data-testid="shell-noscript">
          The shop is busy, and these results need JavaScript to load. Please search again in a moment, or{" "}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- inside <noscript>: without JavaScript there is no client router */}
          <a href="/shop" className="font-medium text-primary underline underline-offset-4">
            browse all products
          </a>
          .
        </p>
      </noscript>
      <div className="mt-8">
        <ResultsPlaceholder />
      </div>
    </div>
  );
}
