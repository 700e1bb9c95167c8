import { StatusBadge } from "@/components/admin/status-badge";

/** Archived instead of deleted: the order moved money, so it is kept for the books. */
export function ArchivedBadge({ archivedAt, className }: { archivedAt: string | null; className?: string }) {
  if (!archivedAt) return null;
  return (
    <StatusBadge tone="slate" title="Deleted from the lists, kept for the books: this order moved money." testId="archived-badge" className={className}>
      Archived
    </StatusBadge>
  );
}
