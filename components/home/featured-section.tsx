"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/** The featured section's heading and "View all" link around the grid; a client component so its markup is not repeated in the RSC payload. */
export function FeaturedSection({ children }: { children: React.ReactNode }) {
  return (
    <HydrationSlice>
      <section id="featured" aria-labelledby="featured-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="featured-title" className="text-3xl font-semibold sm:text-4xl">
              Featured Pieces
            </h2>
            <p className="mt-2 max-w-2xl text-muted-foreground">Fresh off the lathe, the bench and the printer: a few favourites from the workshop right now.</p>
          </div>
          <Link
            href="/shop"
            className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:self-auto"
          >
            View all products
            <Icon name="arrow-right" />
          </Link>
        </div>
        {children}
      </section>
    </HydrationSlice>
  );
}
