import { Img } from "@/components/ui/img";
import Link from "next/link";
import type { GalleryItemDTO } from "@/lib/catalog/types";
import { site } from "@/lib/site";

/** A sold one-of-a-kind piece in the gallery; the whole card links to its product page. */
export function GalleryCard({ item, priority }: { item: GalleryItemDTO; priority?: boolean }) {
  const image = item.media[0] ?? { url: item.images[0] ?? site.fallbackImage, width: 1200, height: 900, alt: null };
  const summary = item.shortDescription ?? item.description;
  return (
    <Link
      href={`/product/${item.slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      data-testid="gallery-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <Img
          src={image.url}
          alt={image.alt ?? item.name}
          width={image.width}
          height={image.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span className="absolute left-2 top-2 rounded-sm bg-foreground/80 px-2 py-0.5 text-xs font-semibold tracking-[0.15em] text-background">SOLD</span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="text-xs font-medium tracking-wide text-primary uppercase">{item.category?.name ?? "Handcrafted"}</p>
        <h2 className="font-serif text-lg leading-snug font-semibold group-hover:text-primary">{item.name}</h2>
        {summary && <p className="line-clamp-2 text-sm text-muted-foreground">{summary}</p>}
      </div>
    </Link>
  );
}
