"use client";

import { useState } from "react";
import { useForm, useWatch, type FieldError } from "react-hook-form";
import { FieldMessage } from "@/components/forms/field-message";
import { SendFooter } from "@/components/forms/send-footer";
import { PhotosField, sendWithPhotos, usePhotoPicker } from "@/components/forms/photos-field";
import { Field } from "@/components/ui/form-field";
import { zodResolver } from "@/components/forms/zod-resolver";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { BUDGET_RANGES, commissionRequestSchema, COMMISSION_TEXT_MAX, MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS, type CommissionRequestInput } from "@/lib/commissions/schemas";

const describedBy = (name: string, error?: FieldError, hint?: boolean) => [hint ? `commission-${name}-hint` : null, error ? `commission-${name}-error` : null].filter(Boolean).join(" ") || undefined;

/**
 * "Commission a piece": what to make, wood or material, size, budget range,
 * wanted-by date, up to 5 reference photos, name and email — checked with the
 * API's own schema, sent to POST /api/commissions as one multipart form.
 */
export function CommissionForm({ product }: { product: { id: number; name: string } | null }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; reference?: string } | null>(null);
  const photos = usePhotoPicker(MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS);
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
    if (!photos.check()) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") form.set(key, String(value));
    const sent = await sendWithPhotos<{ message?: string; reference?: string; fields?: Record<string, string> }>("/api/commissions", form, photos.photos, "request");
    for (const [field, message] of Object.entries(sent.body?.fields ?? {})) {
      if (field === "photos") photos.setError(message);
      else setError(field as keyof CommissionRequestInput, { message });
    }
    setOutcome({ ok: sent.ok, reference: sent.body?.reference, message: sent.message });
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
        <Field id="commission-material" label="Wood or material" hint=" (optional)" error={errors.material?.message}>
          {(aria) => <Input {...aria} {...register("material")} placeholder="Walnut, cherry, PETG…" className="h-10" />}
        </Field>
        <Field id="commission-size" label="Size" hint=" (optional)" error={errors.size?.message}>
          {(aria) => <Input {...aria} {...register("size")} placeholder="12 in across, 4 in deep" className="h-10" />}
        </Field>
        <Field id="commission-budget" label="Budget" error={errors.budget?.message}>
          {(aria) => (
            <NativeSelect {...aria} {...register("budget")} className="h-10">
              <option value="">Choose a range</option>
              {Object.entries(BUDGET_RANGES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div className="flex flex-col gap-2">
          <Label htmlFor="commission-wanted-by">
            Wanted by <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input id="commission-wanted-by" type="date" {...register("wantedBy")} aria-invalid={Boolean(errors.wantedBy)} aria-describedby={describedBy("wantedBy", errors.wantedBy)} className="h-10" />
          <FieldMessage id="commission-wantedBy-error" error={errors.wantedBy} />
        </div>
      </div>

      <PhotosField id="commission-photos" label="Reference photos" picker={photos} />

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="commission-name" label="Your name" error={errors.name?.message}>
          {(aria) => <Input {...aria} autoComplete="name" {...register("name")} className="h-10" />}
        </Field>
        <Field id="commission-email" label="Email" error={errors.email?.message}>
          {(aria) => <Input {...aria} type="email" autoComplete="email" {...register("email")} className="h-10" />}
        </Field>
      </div>

      <SendFooter failure={outcome && !outcome.ok ? outcome.message : null} failureTestId="commission-error" submitting={isSubmitting} label="Send request" buttonClassName="sm:min-w-48" />
    </form>
  );
}
