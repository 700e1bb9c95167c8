import * as React from "react";
import { Slot } from "@/components/ui/slot";
import { cva, type VariantProps } from "class-variance-authority";
import { clsx as cn } from "clsx";

/** Short component classes defined in app/globals.css. */
const badgeVariants = cva("badge", {
  variants: {
    variant: { default: "badge-primary", secondary: "badge-secondary", destructive: "badge-destructive", outline: "badge-outline" },
  },
  defaultVariants: { variant: "default" },
});

function Badge({ className, variant, asChild = false, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants };
