"use client";

import { useState } from "react";
import { Controller, useForm, useWatch, type FieldError } from "react-hook-form";
import { photosProblem as checkPhotos } from "@/components/forms/photo-files";
import { zodResolver } from "@/components/forms/zod-resolver";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MAX_REVIEW_PHOTOS, REVIEW_TEXT_MAX, reviewFieldsSchema, TOO_MANY_PHOTOS, type ReviewFieldsInput } from "@/lib/reviews/schemas";

const photosProblem = (files: File[]) => checkPhotos(files, MAX_REVIEW_PHOTOS, TOO_MANY_PHOTOS);

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  );
}

/**
 * The buyer's review: 1–5 stars as a radio group (arrow keys move between the
 * stars, as in any radio group), a title and a text of 10–2,000 characters,
 * validated with the API's own schema and sent to POST /api/reviews with the link's token.
 */
export function ReviewForm({ orderNumber, token, productName }: { orderNumber: string; token: string; productName: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFieldsInput>({ resolver: zodResolver(reviewFieldsSchema), defaultValues: { rating: undefined as unknown as number, title: "", body: "" } });
  const body = useWatch({ control, name: "body" }) ?? "";

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const problem = photosProblem(photos);
    setPhotoError(problem);
    if (problem) return;
    const form = new FormData();
    form.set("orderNumber", orderNumber);
    form.set("token", token);
    form.set("rating", String(values.rating));
    form.set("title", values.title);
    form.set("body", values.body);
    for (const photo of photos) form.append("photos", photo);
    try {
      const res = await fetch("/api/reviews", { method: "POST", body: form });
      const json = (await res.json().catch(() => null)) as { message?: string } | null;
      setOutcome({ ok: res.ok, message: json?.message ?? (res.ok ? "Thank you!" : "Your review could not be sent. Please try again.") });
    } catch {
      setOutcome({ ok: false, message: "Your review could not be sent. Please check your connection and try again." });
    }
  });

  if (outcome?.ok) {
    return (
      <div role="status" className="rounded-lg border border-primary/30 bg-accent/60 p-4" data-testid="review-thanks">
        <p className="font-medium">{outcome.message}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="grid gap-6" data-testid="review-form">
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
            <legend className="label mb-2">Your rating of {productName}</legend>
            <div className="flex items-center gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="rating-option">
                  {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- a native radio: screen readers announce "invalid" on it; the group's message is linked by aria-describedby too */}
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                    className="peer sr-only"
                    aria-invalid={Boolean(errors.rating)}
                  />
                  <span className="rating-star" data-on={typeof field.value === "number" && field.value >= n ? "true" : undefined}>
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d={STAR_PATH} fill="currentColor" />
                    </svg>
                    <span className="sr-only">
                      {n} {n === 1 ? "star" : "stars"}
                    </span>
                  </span>
                </label>
              ))}
              <span className="ml-2 text-sm text-muted-foreground" aria-hidden="true">
                {typeof field.value === "number" ? `${field.value} of 5` : "Choose 1 to 5"}
              </span>
            </div>
            <FieldMessage id="review-rating-error" error={errors.rating} />
          </fieldset>
        )}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor="review-title">Title</Label>
        <Input id="review-title" {...register("title")} aria-invalid={Boolean(errors.title)} aria-describedby={errors.title ? "review-title-error" : undefined} maxLength={200} className="h-10" />
        <FieldMessage id="review-title-error" error={errors.title} />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="review-body">Your review</Label>
        <Textarea
          id="review-body"
          {...register("body")}
          rows={6}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={errors.body ? "review-body-error review-body-count" : "review-body-count"}
          className="min-h-36!"
        />
        <p id="review-body-count" className="text-sm text-muted-foreground">
          {body.length.toLocaleString("en-US")} of {REVIEW_TEXT_MAX.toLocaleString("en-US")} characters (at least 10)
        </p>
        <FieldMessage id="review-body-error" error={errors.body} />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="review-photos">
          Photos <span className="font-normal text-muted-foreground">(optional, up to {MAX_REVIEW_PHOTOS})</span>
        </Label>
        <Input
          id="review-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-invalid={Boolean(photoError)}
          aria-describedby={photoError ? "review-photos-error" : undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            setPhotos(files);
            setPhotoError(photosProblem(files));
          }}
          className="h-auto py-2"
        />
        {photoError && (
          <p id="review-photos-error" className="text-sm text-destructive">
            {photoError}
          </p>
        )}
      </div>

      {outcome && !outcome.ok && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" data-testid="review-error">
          {outcome.message}
        </p>
      )}

      <div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="h-11 sm:min-w-40">
          {isSubmitting ? "Sending..." : "Send review"}
        </Button>
      </div>
    </form>
  );
}
