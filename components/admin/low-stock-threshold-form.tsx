"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateShopSettingsAction } from "@/lib/catalog/actions";
import { settleSave } from "@/components/admin/use-form-dialog";

/** The shop's low-stock threshold (a setting: who changed it is in the audit log), on the dashboard's low-stock list. */
export function LowStockThresholdForm({ threshold }: { threshold: number }) {
  const router = useRouter();
  const [value, setValue] = useState(String(threshold));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const saved = await settleSave(() => updateShopSettingsAction({ lowStockThreshold: value.trim() }), {
      onSaved: (settings) => toast.success("Low-stock threshold saved", { description: `Counted products and variants at ${settings.lowStockThreshold} or fewer are listed.` }),
      onFields: (fields) => setError(fields.lowStockThreshold ?? null),
      onRefused: (result) => setError((current) => current ?? result?.message ?? "The threshold could not be saved. Please try again."),
      logLabel: "low-stock threshold save",
    });
    setPending(false);
    if (saved) router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-wrap items-end gap-2" aria-label="Low-stock threshold" data-testid="low-stock-threshold">
      <div className="grid gap-1">
        <label htmlFor="low-stock-threshold" className="text-sm font-medium">
          List counts at or below
        </label>
        <Input
          id="low-stock-threshold"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          className="h-8 w-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "low-stock-threshold-error" : undefined}
          disabled={pending}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        Save
      </Button>
      {error && (
        <p id="low-stock-threshold-error" className="w-full text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
