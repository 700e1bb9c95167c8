"use client";

import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { runWithToast } from "@/components/admin/action-message";
import { ImageUploadField } from "@/components/admin/image-upload-field";
import type { UploadedImage } from "@/components/admin/products/upload-images";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { publishCommissionAction } from "@/lib/commissions/actions";

type Props = {
  id: number;
  /** Why it cannot be published now (lib/commissions/rules.ts canPublish), or null. */
  refusal: string | null;
  /** The gallery piece it already is. */
  piece: { name: string; slug: string } | null;
  categories: Array<{ id: number; name: string }>;
};

/**
 * Publishing a finished commission to the gallery, with the shopper's consent: the
 * piece's name, category, words and photos of the finished piece; it shows as a sold piece at
 * the price paid. The server checks consent, status and every product rule again.
 */
export function CommissionGallery({ id, refusal, piece, categories }: Props) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (piece) {
    return (
      <section aria-labelledby="gallery-title" className="rounded-lg border bg-card p-4" data-testid="commission-gallery">
        <h2 id="gallery-title" className="font-sans text-base font-semibold">
          Gallery
        </h2>
        <p className="mt-2 text-sm">
          In the gallery as{" "}
          <Link href={`/product/${piece.slug}`} className="font-medium text-primary underline underline-offset-4">
            {piece.name}
          </Link>
          .
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="gallery-title" className="rounded-lg border bg-card p-4" data-testid="commission-gallery">
      <h2 id="gallery-title" className="font-sans text-base font-semibold">
        Publish to the gallery
      </h2>
      {refusal ? (
        <p className="mt-2 text-sm text-muted-foreground">{refusal}</p>
      ) : (
        <form
          className="mt-3 grid gap-4"
          noValidate
          // A field's message goes once it is changed; the server checks them all again on the next send.
          onChange={(event) => {
            const name = (event.target as unknown as { name?: string }).name;
            if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const input = { id, name: form.get("name"), categoryId: form.get("categoryId"), shortDescription: form.get("shortDescription"), description: form.get("description"), images };
            startTransition(async () => {
              const result = await publishCommissionAction(input);
              setErrors(result.ok ? {} : (result.fields ?? {}));
              const ok = await runWithToast(async () => result, { success: { title: "Published to the gallery" }, failure: "The piece could not be published.", logLabel: "Gallery" });
              if (ok) router.refresh();
            });
          }}
        >
          <p className="text-sm text-muted-foreground">The shopper agreed. It shows as a sold piece at the price paid: describe the piece in your own words, never the shopper or their request.</p>
          <Field id="gallery-name" label="Name of the piece" error={errors.name}>
            <Input id="gallery-name" name="name" aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? "gallery-name-error" : undefined} className="h-10" />
          </Field>
          <Field id="gallery-category" label="Category" error={errors.categoryId}>
            <NativeSelect id="gallery-category" name="categoryId" defaultValue="" aria-invalid={Boolean(errors.categoryId)} aria-describedby={errors.categoryId ? "gallery-category-error" : undefined}>
              <option value="" disabled>
                Choose a category
              </option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="gallery-short" label="Short description (optional)" error={errors.shortDescription}>
            <Input id="gallery-short" name="shortDescription" aria-invalid={Boolean(errors.shortDescription)} className="h-10" />
          </Field>
          <Field id="gallery-description" label="Description" error={errors.description}>
            <Textarea id="gallery-description" name="description" rows={4} aria-invalid={Boolean(errors.description)} aria-describedby={errors.description ? "gallery-description-error" : undefined} />
          </Field>
          <div className="flex flex-col gap-2" role="group" aria-labelledby="gallery-photos-label">
            <span className="text-sm font-medium" id="gallery-photos-label">
              Photos of the finished piece
            </span>
            <ImageUploadField
              id="gallery-photos"
              multiple
              value={images}
              onChange={(next) => {
                setImages(next);
                setErrors(({ images: _, ...rest }) => rest);
              }}
              error={errors.images}
              disabled={busy}
            />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Publish to the gallery
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
