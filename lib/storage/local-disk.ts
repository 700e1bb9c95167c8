import "server-only";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { uploadsDir } from "@/lib/storage/uploads-dir";

/**
 * Local-disk uploads (the embedded default): files live under UPLOADS_DIR
 * (default .data/uploads) and app/uploads/[...path]/route.ts serves them at /uploads/….
 */
export const UPLOADS_URL_PREFIX = "/uploads";

export { uploadsDir };

/** Writes a file atomically (temp file + rename) and returns its public URL. */
export async function saveLocalUpload(fileName: string, data: Uint8Array): Promise<string> {
  if (!/^[a-z0-9][a-z0-9-]*\.[a-z0-9]+$/.test(fileName)) throw new Error(`Unsafe upload file name: ${fileName}`);
  const dir = uploadsDir();
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, data, { flag: "wx" });
  await rename(temp, target);
  return `${UPLOADS_URL_PREFIX}/${fileName}`;
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
