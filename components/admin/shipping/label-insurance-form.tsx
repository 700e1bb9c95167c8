"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AdminField } from "@/components/admin/admin-field";
import { runWithToast } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateInsuranceAction } from "@/lib/shipping/actions";

/** Labels: the goods' value above which a label bought from the order screen is insured (blank: never). */
export function LabelInsuranceForm({ insureAbove }: { insureAbove: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { insureAbove: String(new FormData(event.currentTarget).get("insureAbove") ?? "") };
    setBusy(true);
    const ok = await runWithToast(
      async () => {
        const result = await updateInsuranceAction(input);
        setError(result.ok ? undefined : (result.fields?.insureAbove ?? result.message));
        return result;
      },
      { success: { title: "Label insurance saved" }, failure: "Label insurance could not be saved.", logLabel: "label insurance" },
    );
    setBusy(false);
    if (ok) router.refresh();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg border bg-card p-4" aria-labelledby="label-insurance-title">
      <h2 id="label-insurance-title" className="text-lg font-semibold">
        Label insurance
      </h2>
      <p className="text-sm text-muted-foreground">
        A label bought from an order is insured for the pieces&apos; value when they come to more than this. The carrier&apos;s fee is added to the label. Blank: never insured.
      </p>
      <AdminField id="insure-above" label="Insure orders above ($)" error={error}>
        {(aria) => <Input {...aria} name="insureAbove" inputMode="decimal" defaultValue={insureAbove ?? ""} placeholder="e.g. 200.00" className="max-w-40" disabled={busy} />}
      </AdminField>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Save insurance
        </Button>
      </div>
    </form>
  );
}
