import * as React from "react";
import { Slot } from "@/components/ui/slot";
import { clsx as cn } from "clsx";

/** Short component classes defined in app/globals.css. */
const VARIANT_CLASS = { default: "badge-primary", secondary: "badge-secondary", destructive: "badge-destructive", outline: "badge-outline" } as const;

export type BadgeVariant = keyof typeof VARIANT_CLASS;

/** The classes of a badge of this variant (a plain lookup, as for Button). */
function badgeVariants({ variant }: { variant?: BadgeVariant | null } = {}): string {
  return cn("badge", VARIANT_CLASS[variant ?? "default"]);
}

function Badge({ className, variant, asChild = false, ...props }: React.ComponentProps<"span"> & { variant?: BadgeVariant | null; asChild?: boolean }) {
  const Comp = asChild ? Slot : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants };
