import { cn } from "@/lib/utils";

type CheckFieldProps = Omit<React.ComponentProps<"input">, "type"> & {
  id: string;
  label: string;
  description?: string;
};

/** A labelled checkbox with an optional line of help text. */
export function CheckField({ id, label, description, className, ...input }: CheckFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn("flex items-start gap-3 rounded-lg border bg-background p-3", className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={descriptionId}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        {...input}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm leading-4 font-medium">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
