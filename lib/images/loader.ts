import type { ImageLoaderProps } from "next/image";

export type ImageLoader = (props: ImageLoaderProps) => string;

/**
 * Image URLs as short as the optimizer allows. next/image's default loader
 * writes every srcset entry as `/_next/image?url=%2Fdemo%2Fproducts%2F…&w=640&q=75`
 * (and `&amp;` twice more in HTML): six entries per image, on every card of
 * every listing, again in the head's preload links. For a local image this
 * writes `/img/640/demo/products/….webp`, which next.config.ts rewrites to the
 * same optimizer request (IMAGE_REWRITE); anything else (remote uploads, other
 * qualities) keeps the default form.
 */
export const SHORT_IMAGE_PREFIX = "/img";

/** A plain local path: no query, fragment, dot segments, or encoded characters. */
const LOCAL_PATH = /^\/(?!\/)(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const DEFAULT_IMAGE_QUALITY = 75;

/** The size of an image whose size is not stored (the database's default; the demo images' size). */
export const DEFAULT_IMAGE_SIZE = { width: 1200, height: 900 } as const;

/**
 * The widths the optimizer serves (next.config.ts images.deviceSizes/imageSizes;
 * it refuses any other). next/image writes one srcset entry per width (from
 * either list) on every image, so the lists are short.
 */
export const IMAGE_DEVICE_SIZES = [640, 828, 1200, 1920];
export const IMAGE_SIZES = [256, 384];

/**
 * Local images the optimizer may take (next.config.ts `images.localPatterns`): everything but a
 * shopper's review photo (uploads/reviews/), which is public only while its review is published;
 * the optimizer keeps its copies 30 days, so they would outlive a hide.
 */
export const IMAGE_LOCAL_PATTERNS = [{ pathname: "/!(uploads)/**" }, { pathname: "/*" }, { pathname: "/uploads/*" }, { pathname: "/uploads/commissions/*" }];

/**
 * The srcset of a card's image (product, gallery and category cards): one
 * column on phones (390 px at 2-3x picks 828 or 1200), up to four ~300 px
 * columns on desktop (384 or 640). Card images are at most 1200 px wide in
 * practice; 256 and 1920 would be entries no browser picks.
 */
export const CARD_IMAGE_WIDTHS = [384, 640, 828, 1200] as const;

/** `sizes` of a product or gallery card's image (compact: it is written on every card). */
export const CARD_IMAGE_SIZES = "(min-width:1280px) 300px,(min-width:1024px) 25vw,(min-width:640px) 50vw,100vw";

/** src and srcset of a local or remote image at the given widths, through shortImageLoader. */
export function responsiveImage(src: string, widths: readonly number[] = CARD_IMAGE_WIDTHS): { src: string; srcSet: string } {
  return {
    src: shortImageLoader({ src, width: widths[widths.length - 1] }),
    srcSet: widths.map((width) => `${shortImageLoader({ src, width })} ${width}w`).join(","),
  };
}

export function shortImageLoader({ src, width, quality }: ImageLoaderProps): string {
  const q = quality ?? DEFAULT_IMAGE_QUALITY;
  if (q === DEFAULT_IMAGE_QUALITY && LOCAL_PATH.test(src) && !src.split("/").includes("..")) return `${SHORT_IMAGE_PREFIX}/${width}${src}`;
  return defaultImageLoader({ src, width, quality: q });
}

/** next/image's default loader: the optimiser's own request. */
export function defaultImageLoader({ src, width, quality }: ImageLoaderProps): string {
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${quality ?? DEFAULT_IMAGE_QUALITY}`;
}

/** next.config.ts rewrite: the short form back to the optimizer's own request (width and path checked there). */
export const IMAGE_REWRITE = {
  source: `${SHORT_IMAGE_PREFIX}/:w(\\d{1,4})/:path(.+)`,
  destination: `/_next/image?url=/:path&w=:w&q=${DEFAULT_IMAGE_QUALITY}`,
};
