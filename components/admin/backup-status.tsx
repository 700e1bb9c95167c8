import { DatabaseBackup } from "lucide-react";
import { formatDateTime } from "@/components/admin/format";

export type BackupSummary = { createdAt: string; uploads: number } | null;

/** Dashboard: when the newest backup in the backup folder was taken (or that there is none yet). */
export function BackupStatus({ last }: { last: BackupSummary }) {
  return (
    <section aria-label="Backups" className="flex items-center gap-3 rounded-xl border bg-card p-4 text-sm shadow-xs">
      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <DatabaseBackup className="size-4" />
      </span>
      {last ? (
        <p>
          <span className="font-medium">Last backup:</span> <time dateTime={last.createdAt}>{formatDateTime(last.createdAt)}</time>
          <span className="text-muted-foreground">
            {" "}
            · database and {last.uploads} uploaded image{last.uploads === 1 ? "" : "s"}
          </span>
        </p>
      ) : (
        <p>
          <span className="font-medium">No backup yet.</span>{" "}
          <span className="text-muted-foreground">
            Run <code>npm run backup</code>, or set BACKUP_INTERVAL_HOURS.
          </span>
        </p>
      )}
    </section>
  );
}
