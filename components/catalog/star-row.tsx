import { cn } from "@/lib/utils";

/**
 * Decorative five-star row (the shop has no reviews; the stars are part of the
 * card design). Text glyphs rather than five SVGs per card keep listing pages light.
 */
export function StarRow({ className }: { className?: string }) {
  return (
    <span className={cn("text-sm leading-none tracking-[0.1em] text-amber-500", className)} aria-hidden="true">
      ★★★★★
    </span>
  );
}
