import { Suspense } from "react";
import { DeferredSearch, DeferredSearchFallback } from "@/components/catalog/deferred-search";
import type { DeferredResults } from "@/components/catalog/product-listing";

/**
 * The results of a search's results shell (app/(shop)/listing/{category}/search):
 * in the HTML a "Searching…" placeholder (and, without JavaScript, a way on);
 * in the browser the search read from the address and its results loaded
 * (components/catalog/deferred-search.tsx). Only the shell's route imports
 * this, so only its JavaScript carries the client part.
 */
export const deferredSearchResults: DeferredResults = (listing) => (
  <Suspense fallback={<DeferredSearchFallback />}>
    <DeferredSearch category={listing.category} categories={listing.categories} />
  </Suspense>
);
