import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** One number on a card: label, value, optional note, icon. */
export function StatTile({ label, value, note, icon: Icon, className }: { label: string; value: string; note?: string; icon: LucideIcon; className?: string }) {
  return (
    <div className={cn("flex items-start justify-between gap-3 rounded-xl border bg-card p-5 shadow-xs", className)}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="mt-2 truncate text-2xl font-semibold tabular-nums">{value}</p>
        {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      </div>
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-5" />
      </span>
    </div>
  );
}
