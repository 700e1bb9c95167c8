import { Img } from "@/components/ui/img";
import { clsx as cn } from "clsx";
import { site } from "@/lib/site";

/** A cart line's thumbnail: the product's main image, or the shop's fallback photo. */
export function CartLineImage({ src, alt, size, className }: { src: string | null; alt: string; size: number; className?: string }) {
  return (
    <Img
      src={src ?? site.fallbackImage}
      alt={alt}
      width={size}
      height={Math.round((size * 3) / 4)}
      sizes={`${size}px`}
      className={cn("aspect-[4/3] shrink-0 rounded-md border bg-muted object-cover", className)}
      style={{ width: size, height: Math.round((size * 3) / 4) }}
    />
  );
}
