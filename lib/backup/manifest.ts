import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { liveEnv } from "@/lib/env";

/**
 * The folder layout of one backup: `<BACKUP_DIR>/<timestamp>/` with
 * `manifest.json`, `database.sql.gz` and `uploads/…`. A backup is written
 * under a `.partial-` name and renamed when complete, so every folder with a
 * manifest is a whole backup.
 */
export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "database.sql.gz";
export const UPLOADS_FOLDER = "uploads";
export const MANIFEST_FORMAT = "maple-micron-backup/1";

export type ManifestFile = { path: string; bytes: number; sha256: string };

export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: { kind: "embedded" | "postgresql"; serverVersion: string; sqlBytes: number; compressedBytes: number };
  uploads: { count: number; bytes: number };
  files: ManifestFile[];
};

/**
 * What a manifest entry restores: the database file, or a file under the
 * uploads folder (its path below `uploads/`, as names), else null. Only
 * `database.sql.gz` and `uploads/<name>[/<name>…]` are restored, every name
 * non-empty, not "." or "..", without a backslash or NUL, so an entry can
 * name nothing outside the backup folder nor outside the uploads folder
 * (`uploads/../auth-secret`, `/etc/passwd`, `uploads\..\x`).
 */
export function restoredAs(entryPath: unknown): { kind: "database" } | { kind: "upload"; names: string[] } | null {
  if (typeof entryPath !== "string") return null;
  if (entryPath === DATABASE_FILE) return { kind: "database" };
  const [folder, ...names] = entryPath.split("/");
  if (folder !== UPLOADS_FOLDER || names.length === 0) return null;
  const allowed = (name: string) => name !== "" && name !== "." && name !== ".." && !name.includes("\\") && !name.includes("\0");
  return names.every(allowed) ? { kind: "upload", names } : null;
}

/** BACKUP_DIR, default backups/ in the project folder (read on each call, like UPLOADS_DIR). */
export function backupRoot(): string {
  return path.resolve(process.cwd(), liveEnv("BACKUP_DIR") ?? "backups");
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${dir} is not a backup: it has no ${MANIFEST_FILE}.`);
  const manifest = JSON.parse(await readFile(file, "utf8")) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`${file} is not a Maple & Micron backup manifest (format ${String(manifest.format)}).`);
  return manifest;
}

/** Complete backups in the folder, newest first. */
export async function listBackups(root = backupRoot()): Promise<Array<{ dir: string; manifest: BackupManifest }>> {
  if (!existsSync(root)) return [];
  const names = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith(".")).map((e) => e.name);
  const found = await Promise.all(
    names.map(async (name) => {
      const dir = path.join(root, name);
      try {
        return { dir, manifest: await readManifest(dir) };
      } catch {
        return null;
      }
    }),
  );
  return found.filter((b): b is { dir: string; manifest: BackupManifest } => b !== null).sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt));
}

/** The newest complete backup's manifest (for the admin dashboard), or null. */
export async function lastBackup(root = backupRoot()): Promise<BackupManifest | null> {
  return (await listBackups(root))[0]?.manifest ?? null;
}
