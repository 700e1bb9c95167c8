import * as React from "react";
import { clsx as cn } from "clsx";

/**
 * A form label: a plain <label> with the short `.label` class (app/globals.css).
 * It was Radix's Label, whose only addition is keeping a double click from
 * selecting the text; `.label` does that with user-select: none, without shipping
 * a client component, and without repeating a 230-character class string on
 * every label of every form.
 */
function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label data-slot="label" className={cn("label", className)} {...props} />;
}

export { Label };
