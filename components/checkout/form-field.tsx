import { Label } from "@/components/ui/label";
import { clsx as cn } from "clsx";

export type FieldAria = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

type FormFieldProps = {
  id: string;
  label: React.ReactNode;
  /** Muted text after the label, e.g. "(optional)". */
  hint?: string;
  error?: string;
  /** Help text under the control (linked with aria-describedby). */
  description?: string;
  className?: string;
  children: (aria: FieldAria) => React.ReactNode;
};

/** Label + control + inline message, wired with aria-invalid / aria-describedby. */
export function FormField({ id, label, hint, error, description, className, children }: FormFieldProps) {
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
        <p id={errorId} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Card wrapper used by every checkout section: numbered heading + body (no number when it is the only step). */
export function CheckoutSection({
  id,
  step,
  title,
  description,
  children,
  className,
}: {
  id: string;
  step?: number;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className={cn("rounded-xl border bg-card p-5 shadow-xs sm:p-6", className)} data-testid={`checkout-${id}`}>
      <div className="mb-5 flex items-start gap-3">
        {step !== undefined && (
          <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {step}
          </span>
        )}
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl leading-7 font-semibold">
            {title}
          </h2>
          {description && <div className="mt-0.5 text-sm text-muted-foreground">{description}</div>}
        </div>
      </div>
      {children}
    </section>
  );
}
