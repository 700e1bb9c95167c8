"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * "Gift card" with Apply at checkout: up to 5 codes, each listed with Remove. What
 * each card pays is the server's (the payment step's answer); a card it refuses is named there.
 */
export function GiftCardField({ codes, onChange }: { codes: string[]; onChange: (codes: string[]) => void }) {
  const [value, setValue] = useState("");
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim().toUpperCase();
    if (code && !codes.includes(code) && codes.length < 5) onChange([...codes, code]);
    setValue("");
  };
  return (
    <div className="flex flex-col gap-2">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1.5" data-testid="gift-card-form">
        <label htmlFor={id} className="text-sm font-medium">
          Gift card
        </label>
        <div className="flex gap-2">
          <Input id={id} name="giftCard" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={40} placeholder="GIFT-XXXX-XXXX-XXXX" />
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </div>
      </form>
      {codes.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Gift cards applied">
          {codes.map((code) => (
            <li key={code} className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 px-3 py-1.5">
              <span className="font-mono text-xs">{code}</span>
              <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => onChange(codes.filter((c) => c !== code))}>
                Remove<span className="sr-only"> gift card {code}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
