import Link from "next/link";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { CARD_IMAGE_SIZES, DEFAULT_IMAGE_SIZE } from "@/lib/images/loader";
import type { GalleryItemDTO } from "@/lib/catalog/types";
import { site } from "@/lib/site";
import { StarRating } from "@/components/reviews/star-rating";

/** A sold one-of-a-kind piece in the gallery; the whole card links to its product page. */
export function GalleryCard({ item, priority }: { item: GalleryItemDTO; priority?: boolean }) {
  const image = item.media[0] ?? { url: item.images[0] ?? site.fallbackImage, ...DEFAULT_IMAGE_SIZE, alt: null };
  const summary = item.shortDescription ?? item.description;
  return (
    <Link
      href={`/product/${item.slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      data-testid="gallery-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <ResponsiveImage
          src={image.url}
          alt={image.alt ?? item.name}
          width={image.width}
          height={image.height}
          priority={priority}
          sizes={CARD_IMAGE_SIZES}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span className="absolute left-2 top-2 rounded-sm bg-foreground/80 px-2 py-0.5 text-xs font-semibold tracking-[0.15em] text-background">SOLD</span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="text-xs font-medium tracking-wide text-primary uppercase">{item.category?.name ?? "Handcrafted"}</p>
        <h2 className="font-serif text-lg leading-snug font-semibold group-hover:text-primary">{item.name}</h2>
        <StarRating count={item.reviewCount} starTotal={item.reviewStarTotal} />
        {summary && <p className="line-clamp-2 text-sm text-muted-foreground">{summary}</p>}
      </div>
    </Link>
  );
}
