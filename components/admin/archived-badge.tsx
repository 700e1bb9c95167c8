import { cn } from "@/lib/utils";

/** Archived instead of deleted: the order moved money, so it is kept for the books. */
export function ArchivedBadge({ archivedAt, className }: { archivedAt: string | null; className?: string }) {
  if (!archivedAt) return null;
  return (
    <span
      className={cn("inline-flex items-center rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800", className)}
      title="Deleted from the lists, kept for the books: this order moved money."
      data-testid="archived-badge"
      data-slot="badge"
    >
      Archived
    </span>
  );
}
