import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import pg from "pg";
import { DATABASE_FILE, readManifest, UPLOADS_FOLDER, type BackupManifest } from "@/lib/backup/manifest";
import { migrate } from "@/lib/db/migrator";
import { uploadsDir } from "@/lib/storage/uploads-dir";

const decompress = promisify(gunzip);

export class RestoreRefusedError extends Error {}

/** Checks every file against the manifest's size and sha256 before anything is restored. */
async function verifiedFiles(dir: string, manifest: BackupManifest): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of manifest.files) {
    const file = path.resolve(dir, entry.path);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new RestoreRefusedError(`The manifest names a file outside the backup: ${entry.path}`);
    if (!existsSync(file)) throw new RestoreRefusedError(`The backup is incomplete: ${entry.path} is missing.`);
    const data = await readFile(file);
    const digest = createHash("sha256").update(data).digest("hex");
    if (data.length !== entry.bytes || digest !== entry.sha256) throw new RestoreRefusedError(`The backup is damaged: ${entry.path} does not match its checksum.`);
    files.set(entry.path, data);
  }
  if (!files.has(DATABASE_FILE)) throw new RestoreRefusedError(`The backup has no ${DATABASE_FILE}.`);
  return files;
}

/**
 * The dump as one script this server accepts: pg_dump's psql-only
 * `\restrict` / `\unrestrict` lines go, and PostgreSQL 17's
 * `SET transaction_timeout` is dropped on older servers. Only these exact
 * lines are touched, never data.
 */
export function adaptDumpForServer(sql: string, serverMajor: number): string {
  return sql
    .split("\n")
    .filter((line) => !/^\\(un)?restrict [A-Za-z0-9]+$/.test(line) && !(serverMajor < 17 && line === "SET transaction_timeout = 0;"))
    .join("\n");
}

/**
 * The dump sets session settings (search_path = '', timeouts…). The embedded
 * server has one session shared by every connection, so the restore puts
 * back whatever the script changed before it commits.
 */
async function sessionSettings(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; setting: string }>("SELECT name, setting FROM pg_settings WHERE context IN ('user', 'superuser')");
  return new Map(rows.map((r) => [r.name, r.setting]));
}

async function putBackSettings(client: pg.Client, before: Map<string, string>) {
  const after = await sessionSettings(client);
  for (const [name, value] of before) {
    if (after.get(name) !== value) await client.query("SELECT pg_catalog.set_config($1, $2, false)", [name, value]);
  }
}

/** Tables, views, sequences and types the shop (or anyone) created in the database. */
async function userObjectCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`
    SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`);
  return Number(rows[0].n);
}

export type RestoreResult = { manifest: BackupManifest; uploadsRestored: number; replacedExisting: boolean };

/**
 * Restores a backup folder into the database at `url` (embedded server or
 * PostgreSQL) and the uploads folder. Refuses a database that already has
 * tables unless `force` (then the public schema is dropped first). The
 * whole dump runs as one script, so a failed restore leaves nothing half
 * loaded; the migrator then applies any migration newer than the backup.
 */
export async function restoreBackup(dir: string, url: string, opts: { force?: boolean; log?: (m: string) => void } = {}): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const manifest = await readManifest(dir);
  const files = await verifiedFiles(dir, manifest);
  const sql = (await decompress(files.get(DATABASE_FILE)!)).toString("utf8");

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let replacedExisting = false;
  try {
    const major = Math.floor(Number((await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0].v) / 10000);
    const script = adaptDumpForServer(sql, major);
    if ((await userObjectCount(client)) > 0) {
      if (!opts.force) throw new RestoreRefusedError("The database is not empty. Restore into an empty database, or pass --force to replace everything in it.");
      replacedExisting = true;
    }
    await client.query("BEGIN");
    try {
      const settings = await sessionSettings(client);
      if (replacedExisting) await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
      await client.query(script);
      await putBackSettings(client, settings);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
  log(`restored the database from ${manifest.createdAt} (${manifest.database.kind}, PostgreSQL ${manifest.database.serverVersion})`);
  const migrated = await migrate(url, { log });
  if (migrated.applied.length) log(`applied ${migrated.applied.length} newer migration(s)`);

  const target = uploadsDir();
  let uploadsRestored = 0;
  for (const [name, data] of files) {
    if (!name.startsWith(`${UPLOADS_FOLDER}/`)) continue;
    const file = path.join(target, name.slice(UPLOADS_FOLDER.length + 1));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    uploadsRestored++;
  }
  log(`restored ${uploadsRestored} uploaded file(s) into ${target}`);
  return { manifest, uploadsRestored, replacedExisting };
}
