import "server-only";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { uploadsDir } from "@/lib/storage/uploads-dir";

/**
 * Local-disk uploads (the embedded default): files live under UPLOADS_DIR
 * (default .data/uploads) and app/uploads/[...path]/route.ts serves them at /uploads/….
 */
export const UPLOADS_URL_PREFIX = "/uploads";

export { uploadsDir };

/**
 * The folders of shoppers' photos (review and commission photos), apart from the
 * maker's uploads at the top level: a review photo is served only while its review is
 * published (app/uploads/[...path]/route.ts), never through the image optimizer
 * (next.config.ts `localPatterns`), and a file in either folder that no row names
 * is swept (lib/maintenance/orphan-photos-service.ts).
 */
export const PHOTO_FOLDERS = ["reviews", "commissions"] as const;
export type PhotoFolder = (typeof PHOTO_FOLDERS)[number];

/** Writes a file atomically (temp file + rename) and returns its public URL. */
export async function saveLocalUpload(fileName: string, data: Uint8Array, folder?: PhotoFolder): Promise<string> {
  if (!/^[a-z0-9][a-z0-9-]*\.[a-z0-9]+$/.test(fileName)) throw new Error(`Unsafe upload file name: ${fileName}`);
  if (folder && !PHOTO_FOLDERS.includes(folder)) throw new Error(`Unknown upload folder: ${folder}`);
  const dir = folder ? path.join(uploadsDir(), folder) : uploadsDir();
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, data, { flag: "wx" });
  await rename(temp, target);
  return folder ? `${UPLOADS_URL_PREFIX}/${folder}/${fileName}` : `${UPLOADS_URL_PREFIX}/${fileName}`;
}

/** The local file behind an /uploads/… URL, or null when the URL is not one (remote, or leaves the folder). */
export function localUploadFile(url: string): string | null {
  if (!url.startsWith(`${UPLOADS_URL_PREFIX}/`)) return null;
  return resolveUploadPath(url.slice(UPLOADS_URL_PREFIX.length + 1).split("/"));
}

/** Deletes local uploads by URL (a missing file is fine: deleting is idempotent). */
export async function deleteLocalUploads(urls: string[]): Promise<void> {
  for (const url of urls) {
    const file = localUploadFile(url);
    if (file) await rm(file, { force: true });
  }
}

/** The files of a photo folder with their URL and last change (none when the folder does not exist yet). */
export async function listPhotoFolder(folder: PhotoFolder): Promise<Array<{ url: string; modifiedAt: Date }>> {
  const dir = path.join(uploadsDir(), folder);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const files: Array<{ url: string; modifiedAt: Date }> = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) files.push({ url: `${UPLOADS_URL_PREFIX}/${folder}/${name}`, modifiedAt: info.mtime });
  }
  return files;
}

/** Which photo folder a resolved upload file lies in (null: the maker's uploads at the top level, or elsewhere). */
export function photoFolderOf(file: string): PhotoFolder | null {
  const relative = path.relative(uploadsDir(), file).split(path.sep);
  return relative.length === 2 && (PHOTO_FOLDERS as readonly string[]).includes(relative[0]) ? (relative[0] as PhotoFolder) : null;
}

/**
 * The file for a /uploads/… path, or null when the path could leave the
 * uploads folder (.., absolute parts, backslashes, NUL) or names a hidden file.
 */
export function resolveUploadPath(segments: string[]): string | null {
  if (!segments.length || segments.length > 8) return null;
  for (const segment of segments) {
    if (!segment || segment.length > 200 || segment.startsWith(".") || /[/\\\0:]/.test(segment)) return null;
  }
  const root = uploadsDir();
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** Only image types are served; anything else under the folder is not. */
export function uploadContentType(file: string): string | null {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? null;
}
