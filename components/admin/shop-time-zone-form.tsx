"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateShopSettingsAction } from "@/lib/catalog/actions";
import { settleSave } from "@/components/admin/use-form-dialog";

/**
 * The shop's time zone (a setting, audited): every admin date and time, the dashboard's days, the orders
 * CSV's dates, discount codes' days and the shopper's order-status times follow it.
 */
export function ShopTimeZoneForm({ timeZone }: { timeZone: string }) {
  const router = useRouter();
  const [value, setValue] = useState(timeZone);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const saved = await settleSave(() => updateShopSettingsAction({ timeZone: value.trim() }), {
      onSaved: (settings) => toast.success("Time zone saved", { description: `Dates and days are now the shop's in ${settings.timeZone}.` }),
      onFields: (fields) => setError(fields.timeZone ?? null),
      onRefused: (result) => setError((current) => current ?? result?.message ?? "The time zone could not be saved. Please try again."),
      logLabel: "shop time zone save",
    });
    setPending(false);
    if (saved) router.refresh();
  }

  return (
    <section aria-labelledby="shop-time-zone-title" className="rounded-xl border bg-card p-4" data-testid="shop-time-zone">
      <h2 id="shop-time-zone-title" className="font-semibold">
        Shop time zone
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Days on this dashboard, dates in the admin and the orders CSV, and discount code dates are counted in this zone.</p>
      <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-wrap items-end gap-2" aria-label="Shop time zone">
        <div className="grid w-full min-w-0 gap-1 sm:w-auto">
          <label htmlFor="shop-time-zone" className="text-sm font-medium">
            Time zone (IANA name, e.g. America/New_York)
          </label>
          <Input
            id="shop-time-zone"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            className="h-8 w-full sm:w-64"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "shop-time-zone-error" : undefined}
            disabled={pending}
          />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          Save
        </Button>
        {error && (
          <p id="shop-time-zone-error" className="w-full text-sm text-destructive" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
