import type { Metadata } from "next";
import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { GalleryCard } from "@/components/catalog/gallery-card";
import { HydrationSlice } from "@/components/ui/hydration-slice";
import { listGalleryItems } from "@/lib/catalog/queries";
import { pageMetadata } from "@/lib/seo/metadata";

const DESCRIPTION = "One-of-a-kind bowls, furniture and decor that have already found their homes. Every piece here was made once, from a single board or log, and sold.";

export const metadata: Metadata = pageMetadata({ title: "Gallery", ogTitle: "Gallery of Sold Pieces", description: DESCRIPTION, path: "/gallery" });

export default async function GalleryPage() {
  const items = await listGalleryItems();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">Gallery</p>
        <h1 className="mt-1 font-serif text-3xl font-semibold sm:text-4xl">Past One-of-a-Kind Pieces</h1>
        <p className="mt-3 text-muted-foreground sm:text-lg">{DESCRIPTION}</p>
      </header>

      {items.length > 0 ? (
        <HydrationSlice>
          <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="gallery-grid">
            {items.map((item, i) => (
              <li key={item.id} className="min-w-0">
                {/* Only the first card is fetched at high priority: on a phone it is the only one on screen, and four competing for the bandwidth delayed it (Lighthouse LCP). */}
                <GalleryCard item={item} priority={i === 0} />
              </li>
            ))}
          </ul>
        </HydrationSlice>
      ) : (
        <section className="mt-8 flex flex-col items-center rounded-lg border border-dashed px-6 py-16 text-center">
          <Icon name="image" className="size-12 text-muted-foreground" />
          <h2 className="mt-4 font-serif text-2xl font-semibold">Gallery Coming Soon</h2>
          <p className="mt-2 max-w-md text-muted-foreground">Sold one-of-a-kind pieces will be shown here. In the meantime, the shop has pieces still looking for a home.</p>
          <Button asChild className="mt-6">
            <Link href="/shop">Browse the Shop</Link>
          </Button>
        </section>
      )}

      {items.length > 0 && (
        <div className="mt-12 flex flex-col items-center gap-3 rounded-lg border bg-card/60 px-6 py-8 text-center">
          <p className="font-serif text-xl font-semibold">Looking for something like these?</p>
          <p className="max-w-xl text-muted-foreground">New one-of-a-kind pieces come out of the workshop every few weeks.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/shop">Shop Available Pieces</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/contact">Ask About a Commission</Link>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
