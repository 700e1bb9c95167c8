import { readFile } from "node:fs/promises";
import path from "node:path";
import type { NextRequest } from "next/server";
import { getRequestAdmin } from "@/lib/auth/guard";
import { reviewPhotoStatus } from "@/lib/reviews/queries";
import { photoFolderOf, resolveUploadPath, uploadContentType, uploadsDir, UPLOADS_URL_PREFIX } from "@/lib/storage/local-disk";

export const runtime = "nodejs";

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** The maker's uploads: names are random and never reused, so they cache forever. */
const FOREVER = "public, max-age=31536000, immutable";
/** A published review's photo: hiding the review takes it down within this (and at once here). */
const PUBLISHED_PHOTO = "public, max-age=300";

/**
 * Who may see the file: everyone (the maker's uploads, commission photos, a published review's
 * photos), only a signed-in admin (the photos of a review waiting for the maker or hidden by
 * them: its own Cache-Control keeps it out of shared caches), or nobody (a file in the review
 * folder no review holds). null: not found.
 */
async function access(req: NextRequest, file: string): Promise<string | null> {
  const folder = photoFolderOf(file);
  if (folder === "commissions") return FOREVER;
  const url = `${UPLOADS_URL_PREFIX}/${path.relative(uploadsDir(), file).split(path.sep).join("/")}`;
  // Review photos sent before they had a folder of their own sit beside the maker's uploads: each top-level file is looked up too.
  const status = await reviewPhotoStatus(url);
  if (status === "approved") return PUBLISHED_PHOTO;
  if (status === null) return folder === "reviews" ? null : FOREVER;
  return (await getRequestAdmin(req)) ? "private, no-store" : null;
}

/**
 * Serves locally stored uploads (.data/uploads). A shopper's review photo is public only while
 * its review is published: pending or hidden it answers 404 (the admin still sees it), and it is
 * never handed to the image optimizer (next.config.ts `images.localPatterns`), whose copies
 * would outlive the hide.
 */
export async function GET(req: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const { path: segments } = await params;
  const file = resolveUploadPath(segments ?? []);
  const type = file && uploadContentType(file);
  if (!file || !type) return notFound();
  const cacheControl = await access(req, file);
  if (!cacheControl) return notFound();
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(new Uint8Array(data), {
    headers: {
      "content-type": type,
      "content-length": String(data.byteLength),
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
    },
  });
}
