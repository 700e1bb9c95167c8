import type { ImageLoaderProps } from "next/image";

export type ImageLoader = (props: ImageLoaderProps) => string;

/** The optimiser's widths (next.config.ts images.deviceSizes / imageSizes; components/ui/img.tsx builds srcsets from them). */
export const IMAGE_DEVICE_SIZES = [640, 828, 1200, 1920];
export const IMAGE_SIZES = [256, 384];

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
