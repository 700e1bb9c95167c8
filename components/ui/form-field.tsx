import { Label } from "@/components/ui/label";
// clsx, not tailwind-merge: the shop's pages (contact, checkout) load this frame, and callers pass only layout classes.
import { clsx as cn } from "clsx";

export type FieldAria = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

export type FieldProps = {
  id: string;
  label: React.ReactNode;
  /** Muted text after the label, e.g. "(optional)". */
  hint?: string;
  error?: string;
  /** Help text under the control (linked with aria-describedby). */
  description?: React.ReactNode;
  className?: string;
  /** The error line carries data-testid="{id}-error" (the checkout's tests find it so). */
  errorTestId?: boolean;
  children: (aria: FieldAria) => React.ReactNode;
};

/** Label + control + inline message, wired with aria-invalid / aria-describedby: the one field frame of the admin's and the checkout's forms. */
export function Field({ id, label, hint, error, description, className, errorTestId, children }: FieldProps) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {hint && <span className="font-normal text-muted-foreground">{hint}</span>}
      </Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={errorTestId ? errorId : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
