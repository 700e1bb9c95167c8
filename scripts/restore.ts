/**
 * `npm run restore <backup-folder> [--force]`: loads a backup into the shop's
 * database (DATABASE_URL's PostgreSQL, else the embedded one) and its images
 * into the uploads folder. Refuses a database that has tables unless --force.
 * Pointing DATABASE_URL at an empty PostgreSQL database moves a shop from the
 * embedded default to that server.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { EmbeddedDatabaseInUseError } from "@/lib/backup/owner";
import { restoreBackup, RestoreRefusedError } from "@/lib/backup/restore";
import { openShopDatabase } from "@/lib/backup/target";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const folders = args.filter((a) => a !== "--force");
  if (folders.length !== 1 || folders[0].startsWith("-")) {
    console.error("usage: npm run restore -- <backup-folder> [--force]");
    return 2;
  }
  const dir = path.resolve(folders[0]);
  if (!existsSync(dir)) {
    console.error(`Restore failed: ${dir} does not exist.`);
    return 1;
  }
  const db = await openShopDatabase({ mustExist: false });
  try {
    console.log(`Restoring ${dir} into ${db.description}…`);
    const result = await restoreBackup(dir, db.url, { force, log: (m) => console.log(`  ${m}`) });
    // Next's data cache must not serve the replaced database's reads (as scripts/serve.ts does after seeding).
    rmSync(path.resolve(".next/cache/fetch-cache"), { recursive: true, force: true });
    console.log(`Restored the backup of ${result.manifest.createdAt}.`);
    if (db.viaRunningShop) console.log("Restart the shop (npm start) so every page shows the restored data.");
    else if (db.kind === "postgresql") console.log("Start the shop with this DATABASE_URL.");
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    const known = error instanceof RestoreRefusedError || error instanceof EmbeddedDatabaseInUseError;
    console.error(`Restore failed: ${known ? error.message : (error.stack ?? error.message)}`);
    process.exit(1);
  },
);
