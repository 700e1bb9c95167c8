import { cn } from "@/lib/utils";

type AdminPageHeaderProps = {
  title: string;
  description?: React.ReactNode;
  /** Buttons on the right (stack under the title on phones). */
  actions?: React.ReactNode;
  className?: string;
};

/** The heading row every admin screen starts with: h1, a short description and optional actions. */
export function AdminPageHeader({ title, description, actions, className }: AdminPageHeaderProps) {
  return (
    <div className={cn("mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
