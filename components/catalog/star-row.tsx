import { Star } from "lucide-react";
import { cn } from "@/lib/utils";

/** Decorative five-star row (the shop has no reviews; the stars are part of the card design). */
export function StarRow({ className }: { className?: string }) {
  return (
    <div className={cn("flex items-center gap-0.5 text-amber-500", className)} aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className="size-3.5 fill-current" />
      ))}
    </div>
  );
}
