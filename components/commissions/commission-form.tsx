"use client";

import { useState } from "react";
import { useForm, useWatch, type FieldError } from "react-hook-form";
import { photosProblem } from "@/components/forms/photo-files";
import { zodResolver } from "@/components/forms/zod-resolver";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { BUDGET_RANGES, commissionRequestSchema, COMMISSION_TEXT_MAX, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS, type CommissionRequestInput } from "@/lib/commissions/schemas";

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  );
}

const describedBy = (name: string, error?: FieldError, hint?: boolean) => [hint ? `commission-${name}-hint` : null, error ? `commission-${name}-error` : null].filter(Boolean).join(" ") || undefined;

/**
 * "Commission a piece": what to make, wood or material, size, budget range,
 * wanted-by date, up to 5 reference photos, name and email — checked with the
 * API's own schema, sent to POST /api/commissions as one multipart form.
 */
export function CommissionForm({ product }: { product: { id: number; name: string } | null }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; reference?: string } | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommissionRequestInput>({
    resolver: zodResolver(commissionRequestSchema),
    defaultValues: { name: "", email: "", description: "", material: "", size: "", budget: "" as CommissionRequestInput["budget"], wantedBy: "", productId: product?.id },
  });
  const description = useWatch({ control, name: "description" }) ?? "";

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const problem = photosProblem(photos, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS);
    setPhotoError(problem);
    if (problem) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") form.set(key, String(value));
    for (const photo of photos) form.append("photos", photo);
    try {
      const res = await fetch("/api/commissions", { method: "POST", body: form });
      const json = (await res.json().catch(() => null)) as { message?: string; reference?: string; fields?: Record<string, string> } | null;
      for (const [field, message] of Object.entries(json?.fields ?? {})) {
        if (field === "photos") setPhotoError(message);
        else setError(field as keyof CommissionRequestInput, { message });
      }
      setOutcome({ ok: res.ok, reference: json?.reference, message: json?.message ?? (res.ok ? "Thank you!" : "Your request could not be sent. Please try again.") });
    } catch {
      setOutcome({ ok: false, message: "Your request could not be sent. Please check your connection and try again." });
    }
  });

  if (outcome?.ok) {
    return (
      <div role="status" className="rounded-lg border border-primary/30 bg-accent/60 p-4" data-testid="commission-thanks">
        <p className="font-medium">{outcome.message}</p>
        {outcome.reference && <p className="mt-2 text-sm text-muted-foreground">Your reference: {outcome.reference}</p>}
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="grid gap-6" data-testid="commission-form">
      {product && <input type="hidden" {...register("productId", { valueAsNumber: true })} />}

      <div className="flex flex-col gap-2">
        <Label htmlFor="commission-description">What would you like made?</Label>
        <Textarea
          id="commission-description"
          {...register("description")}
          rows={6}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy("description", errors.description, true)}
          className="min-h-36!"
        />
        <p id="commission-description-hint" className="text-sm text-muted-foreground">
          The piece, how it will be used, anything it must match. {description.length.toLocaleString("en-US")} of {COMMISSION_TEXT_MAX.toLocaleString("en-US")} characters (at least 20).
        </p>
        <FieldMessage id="commission-description-error" error={errors.description} />
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-material">
            Wood or material <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="commission-material"
            {...register("material")}
            placeholder="Walnut, cherry, PETG…"
            aria-invalid={Boolean(errors.material)}
            aria-describedby={describedBy("material", errors.material)}
            className="h-10"
          />
          <FieldMessage id="commission-material-error" error={errors.material} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-size">
            Size <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="commission-size"
            {...register("size")}
            placeholder="12 in across, 4 in deep"
            aria-invalid={Boolean(errors.size)}
            aria-describedby={describedBy("size", errors.size)}
            className="h-10"
          />
          <FieldMessage id="commission-size-error" error={errors.size} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-budget">Budget</Label>
          <NativeSelect id="commission-budget" {...register("budget")} aria-invalid={Boolean(errors.budget)} aria-describedby={describedBy("budget", errors.budget)} className="h-10">
            <option value="">Choose a range</option>
            {Object.entries(BUDGET_RANGES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id="commission-budget-error" error={errors.budget} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-wanted-by">
            Wanted by <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input id="commission-wanted-by" type="date" {...register("wantedBy")} aria-invalid={Boolean(errors.wantedBy)} aria-describedby={describedBy("wantedBy", errors.wantedBy)} className="h-10" />
          <FieldMessage id="commission-wantedBy-error" error={errors.wantedBy} />
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="commission-photos">
          Reference photos <span className="font-normal text-muted-foreground">(optional, up to {MAX_COMMISSION_PHOTOS})</span>
        </Label>
        <Input
          id="commission-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-invalid={Boolean(photoError)}
          aria-describedby={photoError ? "commission-photos-error" : undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            setPhotos(files);
            setPhotoError(photosProblem(files, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS));
          }}
          className="h-auto py-2"
        />
        {photoError && (
          <p id="commission-photos-error" className="text-sm text-destructive">
            {photoError}
          </p>
        )}
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-name">Your name</Label>
          <Input id="commission-name" autoComplete="name" {...register("name")} aria-invalid={Boolean(errors.name)} aria-describedby={describedBy("name", errors.name)} className="h-10" />
          <FieldMessage id="commission-name-error" error={errors.name} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-email">Email</Label>
          <Input
            id="commission-email"
            type="email"
            autoComplete="email"
            {...register("email")}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy("email", errors.email)}
            className="h-10"
          />
          <FieldMessage id="commission-email-error" error={errors.email} />
        </div>
      </div>

      {outcome && !outcome.ok && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid="commission-error">
          {outcome.message}
        </p>
      )}

      <div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="h-11 sm:min-w-48">
          {isSubmitting ? "Sending..." : "Send request"}
        </Button>
      </div>
    </form>
  );
}
