"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateShopSettingsAction } from "@/lib/catalog/actions";
import { settleSave } from "@/components/admin/use-form-dialog";
import { cn } from "@/lib/utils";

type ShopSettings = Extract<Awaited<ReturnType<typeof updateShopSettingsAction>>, { ok: true }>["data"];

export type ShopSettingFormProps = {
  /** The setting this form saves (one field of the shop's settings; the change is audited by the action). */
  name: "lowStockThreshold" | "timeZone";
  initial: string;
  /** The input's id; its error line is `{id}-error`. */
  id: string;
  label: string;
  /** The form's accessible name; also names the save in the console when it throws. */
  formLabel: string;
  testId?: string;
  /** Classes of the label-and-input box and of the input (their widths differ by setting). */
  boxClassName?: string;
  inputClassName: string;
  inputProps?: Pick<React.ComponentProps<"input">, "inputMode" | "spellCheck">;
  savedTitle: string;
  savedDescription: (settings: ShopSettings) => string;
  /** Said when the save fails without a message of the server's. */
  failure: string;
};

/** One shop setting's small inline form: a labelled input, Save, and the server's message under them. */
export function ShopSettingForm({ name, initial, id, label, formLabel, testId, boxClassName, inputClassName, inputProps, savedTitle, savedDescription, failure }: ShopSettingFormProps) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = `${id}-error`;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const saved = await settleSave(() => updateShopSettingsAction({ [name]: value.trim() }), {
      onSaved: (settings) => toast.success(savedTitle, { description: savedDescription(settings) }),
      onFields: (fields) => setError(fields[name] ?? null),
      onRefused: (result) => setError((current) => current ?? result?.message ?? failure),
      logLabel: `${formLabel.toLowerCase()} save`,
    });
    setPending(false);
    if (saved) router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 flex flex-wrap items-end gap-2" aria-label={formLabel} data-testid={testId}>
      <div className={cn("grid gap-1", boxClassName)}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          {...inputProps}
          autoComplete="off"
          className={inputClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={pending}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        Save
      </Button>
      {error && (
        <p id={errorId} className="w-full text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
