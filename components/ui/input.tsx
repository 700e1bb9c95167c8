import * as React from "react";
import { clsx as cn } from "clsx";

/** Styled by the `.input` component class (app/globals.css): utilities passed as className override it. */
function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn("input", className)} {...props} />;
}

export { Input };
