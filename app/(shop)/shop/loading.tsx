import { Loader2 } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { ProductCardSkeleton } from "@/components/catalog/product-card-skeleton";
import { PAGE_SIZE } from "@/lib/site";

/** Shown while a shop listing streams in: the page's shape with a spinner. */
export default function ShopLoading() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
        Loading products…
      </div>
      <Skeleton className="mt-3 h-10 w-64" />
      <Skeleton className="mt-4 h-5 w-full max-w-2xl" />
      <Skeleton className="mt-2 h-5 w-2/3 max-w-xl" />
      <Skeleton className="mt-8 h-28 w-full rounded-lg" />
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: PAGE_SIZE }, (_, i) => (
          <li key={i} className={i >= 4 ? "hidden sm:block" : undefined}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
