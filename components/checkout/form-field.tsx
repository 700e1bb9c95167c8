import { Field, type FieldAria, type FieldProps } from "@/components/ui/form-field";
import { clsx as cn } from "clsx";

export type { FieldAria };

/** Label + control + inline message, wired with aria-invalid / aria-describedby; the error line has data-testid="{id}-error". */
export function FormField(props: Omit<FieldProps, "errorTestId"> & { description?: string }) {
  return <Field {...props} errorTestId />;
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
