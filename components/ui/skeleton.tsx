import { clsx } from "clsx";

/** A loading placeholder, styled by the `.skeleton` component class (app/globals.css): utilities in className override it. */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" className={clsx("skeleton", className)} {...props} />;
}

export { Skeleton };
