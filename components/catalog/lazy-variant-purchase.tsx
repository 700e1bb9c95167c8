"use client";

import { lazy, type ComponentProps } from "react";
import type { VariantPurchase as Purchase } from "@/components/catalog/variant-purchase";

const Lazy = lazy(() => import("@/components/catalog/variant-purchase").then((m) => ({ default: m.VariantPurchase })));

/**
 * The variant controls (components/catalog/variant-purchase.tsx) in their own chunk: loaded only by
 * the page of a product with variants, not by every product page. No Suspense boundary around it, so
 * it is written in place: on the server the page waits for the chunk (a moment, once per process),
 * and in the browser its hydration slice (an Activity boundary, components/ui/hydration-slice.tsx)
 * keeps the server's HTML until the chunk has arrived, then hydrates it. A component rather than the
 * lazy object itself: the page refers to it from the server, and a lazy type the browser receives
 * through such a reference must resolve to a component, not to another lazy.
 */
export function LazyVariantPurchase(props: ComponentProps<typeof Purchase>) {
  return <Lazy {...props} />;
}
