"use client";

import type * as React from "react";
import { preload } from "react-dom";
import { defaultImageLoader, IMAGE_DEVICE_SIZES, IMAGE_SIZES, type ImageLoader } from "@/lib/images/loader";

type ImgProps = Omit<React.ComponentProps<"img">, "src" | "srcSet" | "width" | "height" | "loading"> & {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Fills its positioned parent (next/image's `fill`). */
  fill?: boolean;
  sizes?: string;
  loading?: "eager" | "lazy";
  /** Above the fold: eager, and preloaded from the document head. */
  priority?: boolean;
  loader?: ImageLoader;
  quality?: number;
};

const ALL_SIZES = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES].sort((a, b) => a - b);

/** next/image's candidate widths (getWidths in next/dist/shared/lib/get-img-props). */
function candidateWidths(width: number | undefined, sizes: string | undefined): { widths: number[]; kind: "w" | "x" } {
  if (sizes) {
    const percents = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((m) => parseInt(m[2], 10));
    if (percents.length) {
      const smallestRatio = Math.min(...percents) * 0.01;
      return { widths: ALL_SIZES.filter((s) => s >= IMAGE_DEVICE_SIZES[0] * smallestRatio), kind: "w" };
    }
    return { widths: ALL_SIZES, kind: "w" };
  }
  if (typeof width !== "number") return { widths: IMAGE_DEVICE_SIZES, kind: "w" };
  const widths = [...new Set([width, width * 2].map((w) => ALL_SIZES.find((p) => p >= w) ?? ALL_SIZES[ALL_SIZES.length - 1]))];
  return { widths, kind: "x" };
}

/**
 * An optimised image as next/image renders it (same srcset, sizes, lazy
 * loading, `fill` style, head preload for `priority`), but with no client
 * code: next/image's client runtime would be in the first load of every
 * catalogue page (docs/decisions/0005-…). It has no state, effects or
 * load handlers (no blur placeholders, which this shop does not use). A client
 * component all the same, like next/image: a server component then sends only
 * its props in the RSC payload, not the srcset a second time.
 */
export function Img({ src, alt, width, height, fill = false, sizes, loading, priority = false, loader = defaultImageLoader, quality, style, className, fetchPriority, ...rest }: ImgProps) {
  const unoptimized = src.startsWith("data:") || src.startsWith("blob:") || src.split("?", 1)[0].endsWith(".svg");
  const { widths, kind } = candidateWidths(fill ? undefined : width, sizes);
  const srcSet = unoptimized ? undefined : widths.map((w, i) => `${loader({ src, quality, width: w })} ${kind === "w" ? w : i + 1}${kind}`).join(", ");
  const finalSrc = unoptimized ? src : loader({ src, quality, width: widths[widths.length - 1] });
  const finalSizes = unoptimized ? undefined : !sizes && kind === "w" ? "100vw" : sizes;
  if (priority) preload(finalSrc, { as: "image", imageSrcSet: srcSet, imageSizes: finalSizes, fetchPriority });
  const fillStyle: React.CSSProperties | undefined = fill ? { position: "absolute", height: "100%", width: "100%", left: 0, top: 0, right: 0, bottom: 0 } : undefined;
  return (
    // A plain <img>: the optimiser's own srcset, built here instead of by next/image's client component.
    // eslint-disable-next-line @next/next/no-img-element -- this is the image component: it writes the optimiser's srcset itself
    <img
      alt={alt}
      {...rest}
      fetchPriority={fetchPriority}
      loading={priority ? loading : (loading ?? "lazy")}
      width={fill ? undefined : width}
      height={fill ? undefined : height}
      decoding="async"
      data-nimg={fill ? "fill" : "1"}
      className={className}
      style={{ ...fillStyle, color: "transparent", ...style }}
      sizes={finalSizes}
      srcSet={srcSet}
      src={finalSrc}
    />
  );
}
