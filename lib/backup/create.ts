import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { dumpDatabase, serverVersion, type DatabaseKind } from "@/lib/backup/dump";
import { uploadsDir } from "@/lib/storage/uploads-dir";
import { backupRoot, DATABASE_FILE, listBackups, MANIFEST_FILE, MANIFEST_FORMAT, UPLOADS_FOLDER, type BackupManifest, type ManifestFile } from "@/lib/backup/manifest";

const compress = promisify(gzip);

export type BackupTarget = { url: string; kind: DatabaseKind };

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Folder name from the time: 2026-11-23T08-15-02-123Z (sorts by time, safe on every file system). */
function folderName(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** Copies the uploaded images (regular files, skipping temp files being written) and describes them. */
async function copyUploads(from: string, to: string, prefix = ""): Promise<ManifestFile[]> {
  if (!existsSync(from)) return [];
  const files: ManifestFile[] = [];
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name.endsWith(".tmp")) continue;
    const source = path.join(from, entry.name);
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      files.push(...(await copyUploads(source, path.join(to, entry.name), relative)));
    } else if (entry.isFile()) {
      await mkdir(to, { recursive: true });
      const data = await readFile(source);
      await writeFile(path.join(to, entry.name), data);
      files.push({ path: `${UPLOADS_FOLDER}/${relative}`, bytes: data.length, sha256: sha256(data) });
    }
  }
  return files;
}

/**
 * Writes one backup: the database dump (one snapshot, gzip) first, then the
 * uploaded images — an image referenced by the dump was saved before its row,
 * so it is in the copy. Written under `.partial-…` and renamed when whole.
 */
export async function createBackup(target: BackupTarget, opts: { root?: string; now?: Date } = {}): Promise<{ dir: string; manifest: BackupManifest }> {
  const root = opts.root ?? backupRoot();
  const createdAt = opts.now ?? new Date();
  const name = folderName(createdAt);
  const partial = path.join(root, `.partial-${name}`);
  const dir = path.join(root, name);
  if (existsSync(dir)) throw new Error(`A backup named ${name} already exists in ${root}.`);
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const version = await serverVersion(target.url);
    const sql = Buffer.from(await dumpDatabase(target.url, target.kind), "utf8");
    const compressed = await compress(sql, { level: 9 });
    await writeFile(path.join(partial, DATABASE_FILE), compressed, { mode: 0o600 });
    const uploads = await copyUploads(uploadsDir(), path.join(partial, UPLOADS_FOLDER));
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      createdAt: createdAt.toISOString(),
      database: { kind: target.kind, serverVersion: version.text, sqlBytes: sql.length, compressedBytes: compressed.length },
      uploads: { count: uploads.length, bytes: uploads.reduce((sum, f) => sum + f.bytes, 0) },
      files: [{ path: DATABASE_FILE, bytes: compressed.length, sha256: sha256(compressed) }, ...uploads],
    };
    await writeFile(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Deletes all but the newest `keep` complete backups; returns the removed folders. */
export async function pruneBackups(keep: number, root = backupRoot()): Promise<string[]> {
  const backups = await listBackups(root);
  const removed = backups.slice(keep).map((b) => b.dir);
  for (const dir of removed) await rm(dir, { recursive: true, force: true });
  return removed;
}
