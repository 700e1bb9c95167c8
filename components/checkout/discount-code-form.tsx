"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { DiscountState } from "@/components/checkout/use-discount-code";

type Props = DiscountState & { code: string | null; apply: (code: string) => void; remove: () => void };

/**
 * "Discount code" with Apply, on the cart page and at checkout. Its own small
 * form (never inside the checkout form); the server prices the code, this only shows the
 * answer: the code applied with Remove, or why it cannot be used.
 */
export function DiscountCodeForm({ code, applied, error, pending, apply, remove }: Props) {
  const [value, setValue] = useState("");
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The typed code stays in the field: a refused code can be corrected, not typed again.
    if (value.trim()) apply(value);
  };
  // The typed code stays in the field until the server applies it, so a refused code can be corrected, not retyped;
  // once applied the field is emptied (adjusted during render, not in an effect).
  const [wasApplied, setWasApplied] = useState(Boolean(applied));
  if (Boolean(applied) !== wasApplied) {
    setWasApplied(Boolean(applied));
    if (applied) setValue("");
  }

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="discount-applied">
        <p role="status">
          Code <span className="font-semibold">{applied.code}</span> applied
        </p>
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={remove}>
          Remove<span className="sr-only"> discount code {applied.code}</span>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1.5" data-testid="discount-form">
      <label htmlFor={id} className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name="discountCode"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={pending}>
          Apply
        </Button>
      </div>
      <p id={`${id}-error`} role="alert" className="min-h-0 text-sm text-destructive" data-testid="discount-error">
        {error && code ? error : null}
      </p>
    </form>
  );
}
