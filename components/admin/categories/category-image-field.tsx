"use client";

import { useRef, useState } from "react";
import Image from "next/image";
import { ImagePlus, Loader2, Trash2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { UploadsUnavailableNotice, useUploadsUnavailable } from "@/components/admin/uploads-availability";
import { ACCEPT_ATTRIBUTE, UploadError, checkImageFile, uploadWithProgress } from "@/components/admin/products/upload-images";

const UPLOAD_FAILED = "Failed to upload image";

type CategoryImageFieldProps = { id: string; value: string | null; onChange: (url: string | null) => void; error?: string; disabled?: boolean };

/** Optional category picture: one file (PNG, JPG, WEBP, ≤ 10MB) uploaded to POST /api/upload-image, with a preview. */
function CategoryImageFieldField({ id, value, onChange, error, disabled }: CategoryImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = progress !== null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownError = problem ?? error;

  async function upload(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = "";
    if (!file) return;
    const invalid = checkImageFile(file);
    setProblem(invalid);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    const form = new FormData();
    form.append("image", file);
    setProgress(0);
    try {
      const [image] = await uploadWithProgress("/api/upload-image", form, setProgress, UPLOAD_FAILED);
      onChange(image.url);
    } catch (e) {
      toast.error(UPLOAD_FAILED, { description: e instanceof UploadError && e.message !== UPLOAD_FAILED ? e.message : undefined });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className={cn("relative aspect-[4/3] w-40 shrink-0 overflow-hidden rounded-lg border bg-muted", shownError && "border-destructive")}>
        {value ? (
          <Image src={value} alt="Category image preview" fill sizes="160px" className="object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-xs text-muted-foreground">No image</span>
        )}
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center bg-background/70 text-xs font-medium">
            <Loader2 aria-hidden="true" className="mr-1.5 size-4 animate-spin" />
            {progress}%
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className={cn(
              "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent",
              "has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              (disabled || uploading) && "pointer-events-none opacity-50",
            )}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {value ? "Replace image" : "Upload image"}
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              className="sr-only"
              disabled={disabled || uploading}
              aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(" ")}
              aria-invalid={Boolean(shownError)}
              onChange={(e) => void upload(e.currentTarget.files?.[0])}
            />
          </label>
          {value && (
            <Button type="button" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => onChange(null)} disabled={disabled || uploading}>
              <Trash2 aria-hidden="true" />
              Remove image
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          Optional. PNG, JPG or WEBP, up to 10MB. Recommended ratio 4:3.
        </p>
        {uploading && (
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-muted">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        )}
        {shownError && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {shownError}
          </p>
        )}
      </div>
    </div>
  );
}

/** Says plainly when this deployment cannot store uploads (lib/storage/availability.ts), above a disabled field. */
export function CategoryImageField(props: CategoryImageFieldProps) {
  const unavailable = useUploadsUnavailable();
  if (!unavailable) return <CategoryImageFieldField {...props} />;
  return (
    <div className="flex flex-col gap-2">
      <UploadsUnavailableNotice reason={unavailable} />
      <CategoryImageFieldField {...props} disabled />
    </div>
  );
}
