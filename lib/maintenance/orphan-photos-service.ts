import "server-only";
import { prisma } from "@/lib/db";
import { deleteStoredImages } from "@/lib/storage";
import { listPhotoFolder, PHOTO_FOLDERS, type PhotoFolder } from "@/lib/storage/local-disk";

/** A file younger than this may belong to a request still writing its row: it is left alone. */
export const ORPHAN_PHOTO_AGE_MS = 24 * 60 * 60 * 1000;

/** Every URL the rows of a folder's owner name (a photo and its small copy). */
async function ownedUrls(folder: PhotoFolder): Promise<Set<string>> {
  const rows =
    folder === "reviews"
      ? await prisma.$queryRaw<Array<{ url: string | null }>>`
          SELECT p->>'url' AS "url" FROM "Review", jsonb_array_elements(CASE WHEN jsonb_typeof("photos") = 'array' THEN "photos" ELSE '[]'::jsonb END) p
          UNION ALL
          SELECT p->>'thumbUrl' FROM "Review", jsonb_array_elements(CASE WHEN jsonb_typeof("photos") = 'array' THEN "photos" ELSE '[]'::jsonb END) p`
      : await prisma.$queryRaw<Array<{ url: string | null }>>`
          SELECT p->>'url' AS "url" FROM "Commission", jsonb_array_elements(CASE WHEN jsonb_typeof("photos") = 'array' THEN "photos" ELSE '[]'::jsonb END) p`;
  return new Set(rows.flatMap((r) => (r.url ? [r.url] : [])));
}

/**
 * The hourly sweep of shoppers' photo files no row owns (local disk: the review and
 * commission folders): a request that died between writing its photos and its row
 * leaves them. Only files older than a day go, so a request under way keeps its own.
 * The maker's uploads (the top level) are never swept.
 */
export async function sweepOrphanPhotos(now = new Date()): Promise<number> {
  let removed = 0;
  for (const folder of PHOTO_FOLDERS) {
    const files = (await listPhotoFolder(folder)).filter((f) => f.modifiedAt.getTime() < now.getTime() - ORPHAN_PHOTO_AGE_MS);
    if (!files.length) continue;
    const owned = await ownedUrls(folder);
    const orphans = files.filter((f) => !owned.has(f.url)).map((f) => f.url);
    await deleteStoredImages(orphans);
    removed += orphans.length;
  }
  return removed;
}
