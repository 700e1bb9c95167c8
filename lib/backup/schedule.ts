import { createBackup, pruneBackups, type BackupTarget } from "@/lib/backup/create";

/**
 * Scheduled backups run by the launcher (scripts/serve.ts) when
 * BACKUP_INTERVAL_HOURS is set: one backup every interval, keeping the
 * newest `keep`. A failed backup is logged and retried at the next tick.
 */
export function scheduleBackups(target: BackupTarget, opts: { intervalHours: number; keep: number; log: (m: string) => void }): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { dir } = await createBackup(target);
      const removed = await pruneBackups(opts.keep);
      opts.log(`backup written to ${dir}${removed.length ? `; removed ${removed.length} older backup(s)` : ""}`);
    } catch (error) {
      opts.log(`scheduled backup failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.intervalHours * 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
