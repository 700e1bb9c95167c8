import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { lstat, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import pg from "pg";
import { DATABASE_FILE, readManifest, restoredAs, UPLOADS_FOLDER, type BackupManifest, type ManifestFile } from "@/lib/backup/manifest";
import { migrate } from "@/lib/db/migrator";
import { uploadsDir } from "@/lib/storage/uploads-dir";

const decompress = promisify(gunzip);

export class RestoreRefusedError extends Error {}

const NOTHING_RESTORED = "Nothing was restored.";
const quote = (p: string) => JSON.stringify(p);

async function lstatOrNull(p: string): Promise<Stats | null> {
  try {
    return await lstat(p);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A file of the backup and where it goes: `destination` is null for the database dump. */
type PlannedFile = { entry: ManifestFile; source: string; destination: string | null };

/**
 * Checks every entry of the manifest before anything is read or written: each
 * is the dump or a file under uploads/ (lib/backup/manifest.ts restoredAs), listed
 * once, a regular file in the backup folder reached without a symbolic link,
 * and restored to a place under the uploads folder reached without one (a
 * link there could point anywhere). One entry that is not refuses the whole
 * backup, naming it.
 */
async function planFiles(dir: string, manifest: BackupManifest, uploadsTarget: string): Promise<PlannedFile[]> {
  if (!Array.isArray(manifest.files)) throw new RestoreRefusedError(`The backup's manifest has no list of files. ${NOTHING_RESTORED}`);
  const backupRoot = await realpath(dir);
  const entries = manifest.files.map((entry, i) => {
    const ok = entry && typeof entry === "object" && typeof entry.path === "string" && Number.isSafeInteger(entry.bytes) && entry.bytes >= 0 && /^[0-9a-f]{64}$/.test(String(entry.sha256));
    if (!ok) throw new RestoreRefusedError(`The backup's manifest is malformed at files[${i}]. ${NOTHING_RESTORED}`);
    const place = restoredAs(entry.path);
    if (!place) {
      throw new RestoreRefusedError(
        `The backup's manifest names ${quote(entry.path)}, which is not the database file nor a file under uploads/ (no "..", absolute path, backslash or NUL). ${NOTHING_RESTORED}`,
      );
    }
    return { entry, place };
  });
  const listed = new Set(entries.map((e) => e.entry.path));
  if (listed.size !== entries.length) throw new RestoreRefusedError(`The backup's manifest lists a file twice. ${NOTHING_RESTORED}`);
  if (!listed.has(DATABASE_FILE)) throw new RestoreRefusedError(`The backup has no ${DATABASE_FILE}.`);

  const planned: PlannedFile[] = [];
  for (const { entry, place } of entries) {
    const names = place.kind === "database" ? [DATABASE_FILE] : [UPLOADS_FOLDER, ...place.names];
    // In the backup folder: every step a real folder, the last a regular file.
    let source = backupRoot;
    for (const [i, name] of names.entries()) {
      source = path.join(source, name);
      const stat = await lstatOrNull(source);
      if (!stat) throw new RestoreRefusedError(`The backup is incomplete: ${entry.path} is missing.`);
      if (stat.isSymbolicLink()) throw new RestoreRefusedError(`The backup's ${quote(entry.path)} is reached through a symbolic link (${source}). ${NOTHING_RESTORED}`);
      const last = i === names.length - 1;
      if (last ? !stat.isFile() : !stat.isDirectory()) throw new RestoreRefusedError(`The backup's ${quote(entry.path)} is not a regular file. ${NOTHING_RESTORED}`);
    }
    if (place.kind === "database") {
      planned.push({ entry, source, destination: null });
      continue;
    }
    // Under the uploads folder: inside it by construction; what exists already must be folders (a file at the
    // end is replaced), never a symbolic link, and no entry may need another entry's file to be a folder.
    const destination = path.join(uploadsTarget, ...place.names);
    if (!destination.startsWith(uploadsTarget + path.sep)) throw new RestoreRefusedError(`The backup's ${quote(entry.path)} would be restored outside ${uploadsTarget}. ${NOTHING_RESTORED}`);
    let at = uploadsTarget;
    for (const [i, name] of place.names.entries()) {
      at = path.join(at, name);
      const last = i === place.names.length - 1;
      if (!last && listed.has(`${UPLOADS_FOLDER}/${place.names.slice(0, i + 1).join("/")}`)) {
        throw new RestoreRefusedError(`The backup's manifest names both a file and a folder ${quote(`${UPLOADS_FOLDER}/${place.names.slice(0, i + 1).join("/")}`)}. ${NOTHING_RESTORED}`);
      }
      const stat = await lstatOrNull(at);
      if (!stat) continue;
      if (stat.isSymbolicLink()) throw new RestoreRefusedError(`Restoring ${quote(entry.path)} would write through the symbolic link ${at}. ${NOTHING_RESTORED}`);
      if (last ? !stat.isFile() : !stat.isDirectory()) throw new RestoreRefusedError(`Restoring ${quote(entry.path)} would replace ${at}, which is not a file. ${NOTHING_RESTORED}`);
    }
    planned.push({ entry, source, destination });
  }
  return planned;
}

/** Reads every file and checks it against the manifest's size and sha256, before anything is restored. */
async function verifiedFiles(planned: PlannedFile[]): Promise<Array<PlannedFile & { data: Buffer }>> {
  const files: Array<PlannedFile & { data: Buffer }> = [];
  for (const file of planned) {
    const data = await readFile(file.source);
    const digest = createHash("sha256").update(data).digest("hex");
    if (data.length !== file.entry.bytes || digest !== file.entry.sha256) throw new RestoreRefusedError(`The backup is damaged: ${file.entry.path} does not match its checksum.`);
    files.push({ ...file, data });
  }
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
  const target = uploadsDir();
  const files = await verifiedFiles(await planFiles(dir, manifest, target));
  const sql = (await decompress(files.find((f) => f.destination === null)!.data)).toString("utf8");

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

  let uploadsRestored = 0;
  for (const { destination, data } of files) {
    if (destination === null) continue;
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, data);
    uploadsRestored++;
  }
  log(`restored ${uploadsRestored} uploaded file(s) into ${target}`);
  return { manifest, uploadsRestored, replacedExisting };
}
