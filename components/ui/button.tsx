import * as React from "react";
import { Slot } from "@/components/ui/slot";
import { clsx as cn } from "clsx";

/** Short component classes defined in app/globals.css (one rule per variant, not a utility string per button). */
const VARIANT_CLASS = {
  default: "btn-primary",
  destructive: "btn-destructive",
  outline: "btn-outline",
  secondary: "btn-secondary",
  ghost: "btn-ghost",
  link: "btn-link",
} as const;
const SIZE_CLASS = { default: "btn-md", sm: "btn-sm", lg: "btn-lg", icon: "btn-icon" } as const;

export type ButtonVariant = keyof typeof VARIANT_CLASS;
export type ButtonSize = keyof typeof SIZE_CLASS;
type ButtonVariantProps = { variant?: ButtonVariant | null; size?: ButtonSize | null };

/** The classes of a button of this variant and size (a plain lookup: class-variance-authority was on every first load for two maps). */
function buttonVariants({ variant, size, className }: ButtonVariantProps & { className?: string } = {}): string {
  return cn("btn", VARIANT_CLASS[variant ?? "default"], SIZE_CLASS[size ?? "default"], className);
}

function Button({ className, variant, size, asChild = false, ...props }: React.ComponentProps<"button"> & ButtonVariantProps & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={buttonVariants({ variant, size, className })} {...props} />;
}

export { Button, buttonVariants };
