import * as React from "react";
import { clsx as cn } from "clsx";

/**
 * A native <select> styled by the `.select` component class (app/globals.css); utilities
 * passed as className override it. Give it a <label htmlFor> or an aria-label.
 */
function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select data-slot="native-select" className={cn("select", className)} {...props} />;
}

export { NativeSelect };
