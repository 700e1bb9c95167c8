import { Field, type FieldAria, type FieldProps } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";

export type AdminFieldAria = FieldAria;

/** Label + control + inline error for admin forms, wired with aria-invalid / aria-describedby. */
export function AdminField(props: Omit<FieldProps, "hint" | "errorTestId">) {
  return <Field {...props} />;
}

/** An inline error box (role="alert") for a form-level message such as a failed sign-in. */
export function AdminFormAlert({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn("rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive", className)}>
      {children}
    </div>
  );
}
