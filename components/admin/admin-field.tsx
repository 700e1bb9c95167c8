import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type AdminFieldAria = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

type AdminFieldProps = {
  id: string;
  label: React.ReactNode;
  error?: string;
  /** Help text under the control. */
  description?: React.ReactNode;
  className?: string;
  children: (aria: AdminFieldAria) => React.ReactNode;
};

/** Label + control + inline error for admin forms, wired with aria-invalid / aria-describedby. */
export function AdminField({ id, label, error, description, className, children }: AdminFieldProps) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** An inline error box (role="alert") for a form-level message such as a failed sign-in. */
export function AdminFormAlert({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn("rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive", className)}>
      {children}
    </div>
  );
}
