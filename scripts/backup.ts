/**
 * `npm run backup`: a consistent, compressed SQL dump of the shop's database
 * and a copy of the uploaded images in backups/<time>/ (or BACKUP_DIR), with
 * a manifest (time, database, sizes, sha256 of every file). Works while the
 * shop serves: the embedded database is dumped through the running shop.
 */
import { createBackup } from "@/lib/backup/create";
import { BackupToolError } from "@/lib/backup/dump";
import { EmbeddedDatabaseInUseError } from "@/lib/backup/owner";
import { openShopDatabase } from "@/lib/backup/target";

async function main() {
  const db = await openShopDatabase({ mustExist: true });
  try {
    console.log(`Backing up ${db.description}…`);
    const { dir, manifest } = await createBackup({ url: db.url, kind: db.kind });
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`Backup written to ${dir}`);
    console.log(`  database: ${kb(manifest.database.sqlBytes)} SQL, ${kb(manifest.database.compressedBytes)} compressed (PostgreSQL ${manifest.database.serverVersion})`);
    console.log(`  uploads: ${manifest.uploads.count} file(s), ${kb(manifest.uploads.bytes)}`);
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    const known = error instanceof BackupToolError || error instanceof EmbeddedDatabaseInUseError;
    console.error(`Backup failed: ${known ? error.message : (error.stack ?? error.message)}`);
    process.exit(1);
  },
);
