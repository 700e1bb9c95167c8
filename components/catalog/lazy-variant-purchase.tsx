"use client";

import { lazy } from "react";

/**
 * The variant controls (components/catalog/variant-purchase.tsx) in their own chunk: loaded only by
 * the page of a product with variants, not by every product page. No Suspense boundary around it, so
 * it is written in place: on the server the page waits for the chunk (a moment, once per process),
 * and in the browser its hydration slice (an Activity boundary, components/ui/hydration-slice.tsx)
 * keeps the server's HTML until the chunk has arrived, then hydrates it.
 */
export const LazyVariantPurchase = lazy(() => import("@/components/catalog/variant-purchase").then((m) => ({ default: m.VariantPurchase })));
