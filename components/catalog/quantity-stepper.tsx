"use client";

import { useId } from "react";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { clsx as cn } from "clsx";

type QuantityStepperProps = {
  value: number;
  onChange: (value: number) => void;
  /** One-of-a-kind pieces: quantity fixed at 1, plus disabled ('Only 1 available'). */
  unique?: boolean;
  /** The most that can be ordered (what is left of an in-stock product); plus is disabled there. */
  max?: number;
  className?: string;
};

/** Spec §5 quantity: minimum 1, no maximum; minus disabled at 1; plus disabled for unique items. */
export function QuantityStepper({ value, onChange, unique = false, max, className }: QuantityStepperProps) {
  const inputId = useId();
  const limit = unique ? 1 : Math.max(1, Math.min(max ?? 9999, 9999));
  const quantity = unique ? 1 : Math.min(Math.max(1, value), limit);
  const atLimit = quantity >= limit;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        Quantity
      </label>
      <div className="inline-flex w-fit items-center rounded-md border bg-background shadow-xs" data-testid="quantity-stepper">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10 rounded-r-none"
          onClick={() => onChange(Math.max(1, quantity - 1))}
          disabled={quantity <= 1}
          aria-label="Decrease quantity"
          title="Decrease quantity"
          aria-controls={inputId}
        >
          <Icon name="minus" />
        </Button>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          value={quantity}
          readOnly={unique}
          aria-readonly={unique || undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, "");
            const next = Number(digits);
            if (digits !== "" && next >= 1) onChange(Math.min(next, limit));
          }}
          onFocus={(e) => e.target.select()}
          className="h-10 w-12 border-x bg-transparent text-center text-base font-medium tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="quantity-value"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10 rounded-l-none disabled:pointer-events-auto disabled:cursor-not-allowed"
          onClick={() => onChange(Math.min(quantity + 1, limit))}
          disabled={unique || atLimit}
          aria-label="Increase quantity"
          title={unique ? "Only 1 available" : atLimit && max !== undefined ? `Only ${max} left` : "Increase quantity"}
          aria-controls={inputId}
        >
          <Icon name="plus" />
        </Button>
      </div>
    </div>
  );
}
