import type * as React from "react";
import { clsx as cn } from "clsx";

type SeparatorProps = React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean };

/**
 * A rule between blocks, with Radix Separator's markup (role "none" when
 * decorative, else "separator"; data-orientation for styling) but no client
 * code: Radix's Primitive and ref composition are first-load JavaScript
 * spent on drawing a line (docs/decisions/0005-first-load-javascript-budget.md).
 */
function Separator({ className, orientation = "horizontal", decorative = true, ...props }: SeparatorProps) {
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      role={decorative ? "none" : "separator"}
      aria-orientation={!decorative && orientation === "vertical" ? "vertical" : undefined}
      className={cn("bg-border shrink-0 data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px", className)}
      {...props}
    />
  );
}

export { Separator };
