import { Skeleton } from "@/components/ui/skeleton";
import { GALLERY_SKELETON_CARDS } from "@/lib/site";

/** Spec: a skeleton of 8 cards while the gallery loads. */
export default function GalleryLoading() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <p role="status" className="sr-only">
        Loading gallery…
      </p>
      <Skeleton className="h-4 w-20" />
      <Skeleton className="mt-2 h-10 w-80 max-w-full" />
      <Skeleton className="mt-4 h-5 w-full max-w-2xl" />
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="gallery-skeleton" aria-hidden="true">
        {Array.from({ length: GALLERY_SKELETON_CARDS }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-lg border bg-card" data-testid="gallery-skeleton-card">
            <Skeleton className="aspect-[4/3] w-full rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
