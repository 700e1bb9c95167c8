"use client";

import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FieldMessage } from "@/components/forms/field-message";
import { SendFooter } from "@/components/forms/send-footer";
import { PhotosField, sendWithPhotos, usePhotoPicker } from "@/components/forms/photos-field";
import { zodResolver } from "@/components/forms/zod-resolver";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MAX_REVIEW_PHOTOS, REVIEW_TEXT_MAX, reviewFieldsSchema, TOO_MANY_PHOTOS, type ReviewFieldsInput } from "@/lib/reviews/schemas";

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/**
 * The buyer's review: 1–5 stars as a radio group (arrow keys move between the
 * stars, as in any radio group), a title and a text of 10–2,000 characters,
 * validated with the API's own schema and sent to POST /api/reviews with the link's token.
 */
export function ReviewForm({ orderNumber, token, productName }: { orderNumber: string; token: string; productName: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const photos = usePhotoPicker(MAX_REVIEW_PHOTOS, TOO_MANY_PHOTOS);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFieldsInput>({ resolver: zodResolver(reviewFieldsSchema), defaultValues: { rating: undefined as unknown as number, title: "", body: "" } });
  const body = useWatch({ control, name: "body" }) ?? "";

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    if (!photos.check()) return;
    const form = new FormData();
    form.set("orderNumber", orderNumber);
    form.set("token", token);
    form.set("rating", String(values.rating));
    form.set("title", values.title);
    form.set("body", values.body);
    const sent = await sendWithPhotos("/api/reviews", form, photos.photos, "review");
    setOutcome({ ok: sent.ok, message: sent.message });
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

      <PhotosField id="review-photos" label="Photos" picker={photos} />

      <SendFooter failure={outcome && !outcome.ok ? outcome.message : null} failureTestId="review-error" submitting={isSubmitting} label="Send review" buttonClassName="sm:min-w-40" />
    </form>
  );
}
