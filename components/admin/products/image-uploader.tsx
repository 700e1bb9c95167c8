"use client";

import { useId, useRef, useState } from "react";
import Image from "next/image";
import { ArrowDown, ArrowUp, ImagePlus, Loader2, Trash2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { UploadsUnavailableNotice, useUploadsUnavailable } from "@/components/admin/uploads-availability";
import { ACCEPT_ATTRIBUTE, UploadError, checkImageFile, uploadWithProgress, type UploadedImage } from "@/components/admin/products/upload-images";

type ImageUploaderProps = {
  id: string;
  value: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
  error?: string;
  disabled?: boolean;
};

const UPLOAD_FAILED = "Failed to upload images.";

/**
 * Product images: choose several files (PNG, JPG, WEBP, ≤ 10MB each), upload
 * them to POST /api/upload with a progress bar, then reorder (the first is the
 * Main image), describe (alt text) or remove them.
 */
function ImageUploaderField({ id, value, onChange, error, disabled }: ImageUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const errorId = `${id}-error`;
  const uploading = progress !== null;

  async function handleFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0) return;
    const rejected = files.map(checkImageFile).filter((m): m is string => m !== null);
    const accepted = files.filter((f) => checkImageFile(f) === null);
    setProblems(rejected);
    if (rejected.length > 0) toast.error(rejected[0]);
    if (accepted.length === 0) return;

    const form = new FormData();
    for (const file of accepted) form.append("images", file);
    setProgress(0);
    try {
      const uploaded = await uploadWithProgress("/api/upload", form, setProgress, UPLOAD_FAILED);
      onChange([...value, ...uploaded]);
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message : UPLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  }

  function move(index: number, delta: -1 | 1) {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onChange(next);
  }

  function setAlt(index: number, alt: string) {
    onChange(value.map((img, i) => (i === index ? { ...img, alt } : img)));
  }

  return (
    <div className="flex flex-col gap-3" data-testid="image-uploader">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={cn(
            "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent",
            "has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
            (disabled || uploading) && "pointer-events-none opacity-50",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Upload images
          <input
            ref={inputRef}
            id={id}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            disabled={disabled || uploading}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
            aria-invalid={Boolean(error)}
            onChange={(e) => void handleFiles(e.currentTarget.files)}
          />
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          PNG, JPG or WEBP, up to 10MB each. Recommended ratio 4:3 (e.g. 1600 × 1200).
        </p>
      </div>

      {uploading && (
        <div className="flex flex-col gap-1.5" data-testid="upload-progress">
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
            Uploading… {progress}%
          </div>
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary transition-[width] duration-150" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      {problems.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-destructive">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {value.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label="Product images">
          {value.map((img, index) => (
            <li key={`${img.url}-${index}`} className="flex items-center gap-3 rounded-lg border bg-card p-2" data-testid="uploaded-image">
              <div className="relative aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-muted sm:w-24">
                <Image src={img.url} alt={img.alt || `Image ${index + 1}`} fill sizes="96px" className="object-cover" />
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <span className={cn("text-xs font-medium", index === 0 ? "text-primary" : "text-muted-foreground")}>
                  {index === 0 ? "Main image" : `Image ${index + 1}`}
                  {img.width > 0 && <span className="font-normal text-muted-foreground"> · {img.width}×{img.height}</span>}
                </span>
                <Input
                  aria-label={`Alt text for image ${index + 1}`}
                  placeholder="Alt text (optional)"
                  value={img.alt ?? ""}
                  onChange={(e) => setAlt(index, e.target.value)}
                  maxLength={200}
                  className="h-8 text-xs md:text-xs"
                  disabled={disabled}
                />
              </div>
              <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move image ${index + 1} up`} title="Move up" disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Move image ${index + 1} down`}
                  title="Move down"
                  disabled={disabled || index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:text-destructive"
                  aria-label={`Remove image ${index + 1}`}
                  title="Remove"
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className={cn("rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground", error && "border-destructive")}>No images yet.</p>
      )}

      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Says plainly when this deployment cannot store uploads (lib/storage/availability.ts), above a disabled field. */
export function ImageUploader(props: ImageUploaderProps) {
  const unavailable = useUploadsUnavailable();
  if (!unavailable) return <ImageUploaderField {...props} />;
  return (
    <div className="flex flex-col gap-2">
      <UploadsUnavailableNotice reason={unavailable} />
      <ImageUploaderField {...props} disabled />
    </div>
  );
}
