"use client";

import { Img } from "@/components/ui/img";
import { shortImageLoader } from "@/lib/images/loader";
import { useRef, useState, type KeyboardEvent } from "react";
import { Icon } from "@/components/ui/icon";
import type { ProductImageDTO } from "@/lib/catalog/types";
import { clsx as cn } from "clsx";
import { HydrationSlice } from "@/components/ui/hydration-slice";

export type GalleryVideo = { provider: "youtube" | "vimeo"; embedUrl: string; thumbnailUrl: string | null };

type ProductGalleryProps = {
  name: string;
  images: ProductImageDTO[];
  video: GalleryVideo | null;
  /** Dim the pictures of a sold piece. */
  sold?: boolean;
  /** The image shown first (a chosen variant's image); 0 otherwise. */
  initial?: number;
};

type Slide = number | "video";

/**
 * Product images with thumbnails and the optional video. Thumbnails are buttons
 * (aria-current on the active one); arrow keys move between them; the video
 * thumbnail swaps the main area for the embedded player. A variant chosen on
 * the page (components/catalog/variant-purchase.tsx) shows its picture by
 * pressing its thumbnail (`data-testid="gallery-thumb"`, in image order), so
 * this code, which every product page loads, carries nothing for variants
 * but the picture to start with (`initial`).
 */
export function ProductGallery({ name, images, video, sold = false, initial = 0 }: ProductGalleryProps) {
  const [active, setActive] = useState<Slide>(initial);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const slides: Slide[] = [...images.map((_, i) => i), ...(video ? (["video"] as const) : [])];
  const activeIndex = Math.max(0, slides.indexOf(active));
  const current = typeof active === "number" ? images[active] : null;

  function go(delta: number, focus = false) {
    const next = (activeIndex + delta + slides.length) % slides.length;
    setActive(slides[next]);
    if (focus) thumbs.current[next]?.focus();
  }

  function onThumbKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowRight" || event.key === "ArrowDown") {
      event.preventDefault();
      go(1, true);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
      event.preventDefault();
      go(-1, true);
    }
  }

  return (
    <HydrationSlice>
      <div className="flex flex-col gap-3" data-testid="product-gallery">
        <div className="relative aspect-[4/3] overflow-hidden rounded-lg border bg-muted">
          {active === "video" && video ? (
            <iframe
              src={`${video.embedUrl}?autoplay=1`}
              title="Product video"
              className="absolute inset-0 size-full"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              data-testid="gallery-video"
            />
          ) : current ? (
            <Img
              loader={shortImageLoader}
              key={current.url}
              src={current.url}
              alt={current.alt ?? name}
              width={current.width}
              height={current.height}
              loading="eager"
              fetchPriority={active === 0 ? "high" : "auto"}
              sizes="(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw"
              className={cn("size-full object-cover", sold && "grayscale-[25%]")}
              data-testid="gallery-main-image"
              data-index={active}
            />
          ) : null}

          {slides.length > 1 && active !== "video" && (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Previous image"
                className="absolute left-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur transition hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                <Icon name="chevron-left" className="size-5" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Next image"
                className="absolute right-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur transition hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                <Icon name="chevron-right" className="size-5" />
              </button>
              <span className="absolute bottom-2 right-2 rounded-full bg-foreground/70 px-2 py-0.5 text-xs font-medium text-background tabular-nums" aria-hidden="true">
                {activeIndex + 1} / {slides.length}
              </span>
            </>
          )}
        </div>

        {slides.length > 1 && (
          <div role="group" aria-label="Product media" className="grid grid-cols-5 gap-2" onKeyDown={onThumbKeyDown}>
            {images.map((image, i) => (
              <button
                key={image.url}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                onClick={() => setActive(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={active === i ? "true" : undefined}
                className={cn(
                  "relative aspect-[4/3] overflow-hidden rounded-md border-2 bg-muted transition focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none",
                  active === i ? "border-primary" : "border-transparent opacity-75 hover:opacity-100",
                )}
                data-testid="gallery-thumb"
              >
                <Img loader={shortImageLoader} src={image.url} alt="" width={image.width} height={image.height} sizes="120px" className="size-full object-cover" />
              </button>
            ))}
            {video && (
              <button
                ref={(el) => {
                  thumbs.current[images.length] = el;
                }}
                type="button"
                onClick={() => setActive("video")}
                aria-label="Play video"
                aria-current={active === "video" ? "true" : undefined}
                className={cn(
                  "relative aspect-[4/3] overflow-hidden rounded-md border-2 bg-gradient-to-br from-primary/80 to-foreground/80 transition focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none",
                  active === "video" ? "border-primary" : "border-transparent opacity-90 hover:opacity-100",
                )}
                data-testid="gallery-video-thumb"
              >
                {video.thumbnailUrl && <VideoThumbnail src={video.thumbnailUrl} alt={`Video of the ${name}`} />}
                <span className="absolute inset-0 flex items-center justify-center">
                  <span className="flex size-8 items-center justify-center rounded-full bg-background/90 text-primary shadow">
                    <Icon name="play" className="translate-x-px" />
                  </span>
                </span>
                <span className="absolute inset-x-0 bottom-0 bg-foreground/60 py-0.5 text-center text-[0.625rem] font-medium tracking-wide text-background uppercase">Video</span>
              </button>
            )}
          </div>
        )}
      </div>
    </HydrationSlice>
  );
}

/** Remote thumbnail from the video host; hidden if it fails to load (offline), leaving the styled placeholder. */
function VideoThumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    // A plain <img>: the host's thumbnail is optional decoration and must fail quietly.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      ref={(el) => {
        // An error that happened before hydration fires no onError: check the finished state too.
        if (el && el.complete && el.naturalWidth === 0) setFailed(true);
      }}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="absolute inset-0 size-full object-cover"
    />
  );
}
