import { CARD_IMAGE_WIDTHS, responsiveImage } from "@/lib/images/loader";

type ResponsiveImageProps = {
  src: string;
  alt: string;
  sizes: string;
  /** Intrinsic size (no layout shift); leave out only where the box sizes the image (an absolutely placed cover image). */
  width?: number;
  height?: number;
  /** Above the fold: loaded eagerly, at high priority. */
  priority?: boolean;
  widths?: readonly number[];
  className?: string;
};

/**
 * A card's <img>: a short srcset of its own widths (lib/images/loader.ts responsiveImage) and
 * nothing else. next/image writes an entry for every configured width and data-nimg,
 * decoding and an inline style on every image; on a listing that was ~250 bytes a card.
 */
export function ResponsiveImage({ src, alt, sizes, width, height, priority, widths = CARD_IMAGE_WIDTHS, className }: ResponsiveImageProps) {
  const image = responsiveImage(src, widths);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the optimizer is still used, through the srcset's URLs
    <img
      alt={alt}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
