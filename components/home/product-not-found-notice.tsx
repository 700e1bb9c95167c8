"use client";

import { useEffect } from "react";
import { useSearchParams } from "next/navigation";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

const loadCard = () => import("@/components/home/product-not-found-card").then((m) => m.ProductNotFoundCard);

/**
 * Spec §2: /?product-not-found=true (where a failed product page sends the
 * shopper) shows a notice above the featured products. Read on the client so
 * the home page itself stays fully static; render it inside <Suspense>. The
 * notice's code is fetched only when the address asks for it: nearly every
 * visit to / never shows it, so it stays out of the home page's first load.
 */
export function ProductNotFoundNotice() {
  const show = useSearchParams().get("product-not-found") === "true";
  const [Card, load] = useLazyComponent(loadCard);
  useEffect(() => {
    if (show) load();
  }, [show, load]);
  return show && Card ? <Card /> : null;
}
