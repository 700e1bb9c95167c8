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

type Common = { id: string; error?: string; disabled?: boolean };

/**
 * `single`: one optional picture (a category's), its URL, POST /api/upload-image.
 * `multiple`: a product's ordered pictures with their alt text, POST /api/upload.
 */
export type ImageUploadFieldProps =
  (Common & { multiple?: false; value: string | null; onChange: (url: string | null) => void }) | (Common & { multiple: true; value: UploadedImage[]; onChange: (images: UploadedImage[]) => void });

/** What differs between the two kinds of upload, as far as sending goes. */
const KINDS = {
  single: { endpoint: "/api/upload-image", formField: "image", failed: "Failed to upload image" },
  multiple: { endpoint: "/api/upload", formField: "images", failed: "Failed to upload images." },
} as const;

/**
 * An admin image field: choose files (PNG, JPG, WEBP, ≤ 10MB each; checked
 * here and again by the server), upload them with a progress bar, preview the
 * result. A single image can be replaced or removed; several can also be
 * reordered (the first is the Main image) and described (alt text).
 */
function ImageUploadFieldInner(props: ImageUploadFieldProps) {
  const { id, error, disabled } = props;
  const kind = KINDS[props.multiple ? "multiple" : "single"];
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const errorId = `${id}-error`;
  const uploading = progress !== null;
  // A single image's field shows its own file problem in place of the form's message.
  const fieldError = props.multiple ? error : (problems[0] ?? error);

  async function upload(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0) return;
    const rejected = files.map(checkImageFile).filter((m): m is string => m !== null);
    const accepted = files.filter((f) => checkImageFile(f) === null);
    setProblems(rejected);
    if (rejected.length > 0) toast.error(rejected[0]);
    if (accepted.length === 0) return;

    const form = new FormData();
    for (const file of accepted) form.append(kind.formField, file);
    setProgress(0);
    try {
      const uploaded = await uploadWithProgress(kind.endpoint, form, setProgress, kind.failed);
      if (props.multiple) props.onChange([...props.value, ...uploaded]);
      else props.onChange(uploaded[0].url);
    } catch (e) {
      const message = e instanceof UploadError ? e.message : kind.failed;
      if (props.multiple) toast.error(message);
      else toast.error(kind.failed, { description: message !== kind.failed ? message : undefined });
    } finally {
      setProgress(null);
    }
  }

  const button = (
    <label
      htmlFor={id}
      className={cn(
        "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent",
        "has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        (disabled || uploading) && "pointer-events-none opacity-50",
      )}
    >
      <ImagePlus aria-hidden="true" className="size-4" />
      {props.multiple ? "Upload images" : props.value ? "Replace image" : "Upload image"}
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={props.multiple}
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        disabled={disabled || uploading}
        aria-describedby={[hintId, fieldError ? errorId : null].filter(Boolean).join(" ")}
        aria-invalid={Boolean(fieldError)}
        onChange={(e) => void upload(e.currentTarget.files)}
      />
    </label>
  );

  if (!props.multiple) {
    const { value, onChange } = props;
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className={cn("relative aspect-[4/3] w-40 shrink-0 overflow-hidden rounded-lg border bg-muted", fieldError && "border-destructive")}>
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
            {button}
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
          {uploading && <UploadProgressBar progress={progress} className="h-1.5 w-full max-w-48" barClassName="" />}
          {fieldError && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {fieldError}
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="image-uploader">
      <div className="flex flex-wrap items-center gap-3">
        {button}
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
          <UploadProgressBar progress={progress} className="h-2" barClassName="rounded-full duration-150" />
        </div>
      )}

      {problems.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-destructive">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {props.value.length > 0 ? (
        <UploadedImageList images={props.value} onChange={props.onChange} disabled={disabled} />
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

function UploadProgressBar({ progress, className, barClassName }: { progress: number | null; className: string; barClassName: string }) {
  return (
    <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress ?? 0} className={cn("overflow-hidden rounded-full bg-muted", className)}>
      <div className={cn("h-full bg-primary transition-[width]", barClassName)} style={{ width: `${progress}%` }} />
    </div>
  );
}

/** A product's uploaded images in order: the first is the Main image; each can be described, moved or removed. */
function UploadedImageList({ images, onChange, disabled }: { images: UploadedImage[]; onChange: (images: UploadedImage[]) => void; disabled?: boolean }) {
  function move(index: number, delta: -1 | 1) {
    const next = [...images];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onChange(next);
  }

  function setAlt(index: number, alt: string) {
    onChange(images.map((img, i) => (i === index ? { ...img, alt } : img)));
  }

  return (
    <ol className="flex flex-col gap-2" aria-label="Product images">
      {images.map((img, index) => (
        <li key={`${img.url}-${index}`} className="flex items-center gap-3 rounded-lg border bg-card p-2" data-testid="uploaded-image">
          <div className="relative aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-md bg-muted sm:w-24">
            <Image src={img.url} alt={img.alt || `Image ${index + 1}`} fill sizes="96px" className="object-cover" />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span className={cn("text-xs font-medium", index === 0 ? "text-primary" : "text-muted-foreground")}>
              {index === 0 ? "Main image" : `Image ${index + 1}`}
              {img.width > 0 && (
                <span className="font-normal text-muted-foreground">
                  {" "}
                  · {img.width}×{img.height}
                </span>
              )}
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
            <ImageAction label={`Move image ${index + 1} up`} title="Move up" disabled={disabled || index === 0} onClick={() => move(index, -1)}>
              <ArrowUp aria-hidden="true" />
            </ImageAction>
            <ImageAction label={`Move image ${index + 1} down`} title="Move down" disabled={disabled || index === images.length - 1} onClick={() => move(index, 1)}>
              <ArrowDown aria-hidden="true" />
            </ImageAction>
            <ImageAction
              label={`Remove image ${index + 1}`}
              title="Remove"
              disabled={disabled}
              onClick={() => onChange(images.filter((_, i) => i !== index))}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
            </ImageAction>
          </div>
        </li>
      ))}
    </ol>
  );
}

type ImageActionProps = { label: string; title: string; disabled?: boolean; onClick: () => void; className?: string; children: React.ReactNode };

/** One of an uploaded image's icon buttons (move up, move down, remove). */
function ImageAction({ label, title, disabled, onClick, className, children }: ImageActionProps) {
  return (
    <Button type="button" variant="ghost" size="icon" className={cn("size-8", className)} aria-label={label} title={title} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The one image-upload field of the admin; says plainly when this deployment cannot store uploads (lib/storage/availability.ts), above a disabled field. */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const unavailable = useUploadsUnavailable();
  if (!unavailable) return <ImageUploadFieldInner {...props} />;
  return (
    <div className="flex flex-col gap-2">
      <UploadsUnavailableNotice reason={unavailable} />
      <ImageUploadFieldInner {...props} disabled />
    </div>
  );
}

/** The image field's frame in a form: a group named by its visible label (`{id}-label`), the upload field inside. */
export function ImageFieldGroup({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`}>
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      {children}
    </div>
  );
}
