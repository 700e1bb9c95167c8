"use client";

import { cn } from "@/lib/utils";

type ActiveSwitchProps = Omit<React.ComponentProps<"button">, "onChange" | "role"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off switch (role="switch"); give it an aria-label or a <label htmlFor>. */
export function ActiveSwitch({ checked, onCheckedChange, className, disabled, ...props }: ActiveSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors outline-none",
        "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-offset-1",
        "disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-primary" : "bg-input",
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className={cn("pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform", checked ? "translate-x-5" : "translate-x-0")} />
    </button>
  );
}
