"use client";

import { lazyIsland } from "@/components/ui/lazy-island";

/**
 * The variant controls (components/catalog/variant-purchase.tsx) in their own chunk: loaded only by
 * the page of a product with variants, not by every product page. As every lazy island here (the
 * contact and commission forms): the server renders them in place, and in the browser the chunk is
 * requested as soon as the page's code runs and hydrates the server's HTML when it arrives.
 */
export const LazyVariantPurchase = lazyIsland(() => import("@/components/catalog/variant-purchase").then((m) => m.VariantPurchase));
