"use client";

import { useState } from "react";
import { photosProblem } from "@/components/forms/photo-files";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export type PhotoPicker = ReturnType<typeof usePhotoPicker>;

/**
 * The photos a shopper picked to send with a form (a review, a commission request), checked as they are
 * picked and again before sending; `setError` takes the server's message for them.
 */
export function usePhotoPicker(max: number, tooMany: string) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return {
    photos,
    error,
    max,
    setError,
    pick(files: File[]) {
      setPhotos(files);
      setError(photosProblem(files, max, tooMany));
    },
    /** Before sending: true when the picked photos may go; otherwise their problem is shown. */
    check() {
      const problem = photosProblem(photos, max, tooMany);
      setError(problem);
      return problem === null;
    },
  };
}

/** The optional photos field: a labelled multiple-file input and its message (`{id}-error`). */
export function PhotosField({ id, label, picker }: { id: string; label: string; picker: PhotoPicker }) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-muted-foreground">(optional, up to {picker.max})</span>
      </Label>
      <Input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-invalid={Boolean(picker.error)}
        aria-describedby={picker.error ? errorId : undefined}
        onChange={(e) => picker.pick(Array.from(e.target.files ?? []))}
        className="h-auto py-2"
      />
      {picker.error && (
        <p id={errorId} className="text-sm text-destructive">
          {picker.error}
        </p>
      )}
    </div>
  );
}

/**
 * Sends a form and the picked photos as one multipart POST. The outcome to show: the server's message,
 * or a fallback naming `what` ("review", "request"); `body` is the server's JSON answer, if any.
 */
export async function sendWithPhotos<T extends { message?: string }>(url: string, form: FormData, photos: File[], what: string): Promise<{ ok: boolean; message: string; body: T | null }> {
  for (const photo of photos) form.append("photos", photo);
  try {
    const res = await fetch(url, { method: "POST", body: form });
    const body = (await res.json().catch(() => null)) as T | null;
    return { ok: res.ok, body, message: body?.message ?? (res.ok ? "Thank you!" : `Your ${what} could not be sent. Please try again.`) };
  } catch {
    return { ok: false, body: null, message: `Your ${what} could not be sent. Please check your connection and try again.` };
  }
}
