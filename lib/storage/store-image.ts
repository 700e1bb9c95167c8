import "server-only";
import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { detectImageKind, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, notAnImageMessage, tooLargeMessage } from "@/lib/storage/image-check";
import { uploadsUnavailableReason } from "@/lib/storage/availability";
import { deleteLocalUploads, saveLocalUpload, type PhotoFolder } from "@/lib/storage/local-disk";
import { deleteFromUploadThing, uploadToUploadThing } from "@/lib/storage/uploadthing";

export type StoredImage = { url: string; width: number; height: number; thumbUrl?: string };
export type StoreOptions = {
  /** A shopper's photo: kept in its own folder (lib/storage/local-disk.ts PHOTO_FOLDERS), not beside the maker's uploads. */
  folder?: PhotoFolder;
  /** Also store a small copy whose shorter side is this many pixels (shown as is, without the image optimizer). */
  thumbnail?: number;
};

/** Longest side of a stored image; larger photos are scaled down, smaller ones are kept as they are. */
export const MAX_IMAGE_SIDE = 2000;
/** Refuse decompression bombs: a 10MB file can claim billions of pixels. */
const MAX_INPUT_PIXELS = 100_000_000;

type PreparedImage = { fileName: string; data: Buffer; width: number; height: number; thumb?: { fileName: string; data: Buffer } };

/** Checks one upload (size, then magic bytes) and turns it into an upright WebP of at most 2000×2000. */
async function prepareImage(file: File, thumbnail?: number): Promise<PreparedImage> {
  const name = file.name || "image";
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError("bad_request", tooLargeMessage(name));
  const input = Buffer.from(await file.arrayBuffer());
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new AppError("bad_request", tooLargeMessage(name));
  if (!detectImageKind(input)) throw new AppError("bad_request", notAnImageMessage(name));
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // apply the EXIF orientation; metadata (GPS etc.) is not copied to the output
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated, corrupt or absurdly large picture behind a valid signature.
    throw new AppError("bad_request", notAnImageMessage(name));
  }
  const thumb = thumbnail
    ? { fileName: storedFileName(), data: await sharp(output.data).resize({ width: thumbnail, height: thumbnail, fit: "outside", withoutEnlargement: true }).webp({ quality: 78 }).toBuffer() }
    : undefined;
  return { fileName: storedFileName(), data: output.data, width: output.info.width, height: output.info.height, thumb };
}

/**
 * A stored file's name is a random id only: the name the file had on someone's computer
 * ("Dana Rivers home 12 Elm St.jpg") never becomes part of a public URL.
 */
export function storedFileName(): string {
  return `${randomBytes(16).toString("hex")}.webp`;
}

async function persist(fileName: string, data: Buffer, folder?: PhotoFolder): Promise<string> {
  if (env.UPLOADTHING_TOKEN) {
    return uploadToUploadThing({ name: fileName, type: "image/webp", data }, { token: env.UPLOADTHING_TOKEN });
  }
  return saveLocalUpload(fileName, data, folder);
}

/** Every URL a stored image occupies (the image and its small copy). */
export const storedImageUrls = (images: Array<{ url: string; thumbUrl?: string }>): string[] => images.flatMap((i) => (i.thumbUrl ? [i.url, i.thumbUrl] : [i.url]));

/** Deletes stored images by URL (local files, or UploadThing files); what is already gone is fine. */
export async function deleteStoredImages(urls: string[]): Promise<void> {
  const local = urls.filter((u) => u.startsWith("/"));
  const remote = urls.filter((u) => !u.startsWith("/"));
  await deleteLocalUploads(local);
  if (remote.length && env.UPLOADTHING_TOKEN) await deleteFromUploadThing(remote, { token: env.UPLOADTHING_TOKEN });
}

/**
 * Stores several uploads: every file is checked and converted first, so one
 * bad file stores none of them; if writing one fails, those already written are
 * deleted again. Errors are 400 AppErrors with the spec's messages.
 */
export async function storeUploadedImages(files: File[], opts: StoreOptions = {}): Promise<StoredImage[]> {
  const unavailable = uploadsUnavailableReason();
  if (unavailable) throw new AppError("conflict", unavailable);
  if (!files.length) throw new AppError("bad_request", "Please choose an image to upload.");
  if (files.length > MAX_FILES_PER_UPLOAD) throw new AppError("bad_request", `You can upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`);
  const prepared: PreparedImage[] = [];
  for (const file of files) prepared.push(await prepareImage(file, opts.thumbnail));
  const stored: StoredImage[] = [];
  try {
    for (const image of prepared) {
      const entry: StoredImage = { url: await persist(image.fileName, image.data, opts.folder), width: image.width, height: image.height };
      stored.push(entry);
      if (image.thumb) entry.thumbUrl = await persist(image.thumb.fileName, image.thumb.data, opts.folder);
    }
  } catch (error) {
    await deleteStoredImages(storedImageUrls(stored)).catch(() => undefined);
    throw error;
  }
  return stored;
}

/**
 * Stores a shopper's photos, then runs `save` (the row that owns them, in its
 * transaction): when `save` fails the photos are deleted again, so a failure
 * leaves neither a row nor a file nobody owns. (A process that dies in between
 * leaves files the hourly sweep removes: lib/maintenance/orphan-photos-service.ts.)
 */
export async function withStoredPhotos<T>(files: File[], opts: StoreOptions, save: (photos: StoredImage[]) => Promise<T>): Promise<T> {
  const photos = files.length ? await storeUploadedImages(files, opts) : [];
  try {
    return await save(photos);
  } catch (error) {
    await deleteStoredImages(storedImageUrls(photos)).catch(() => undefined);
    throw error;
  }
}

/** One upload → its public URL and stored size (see storeUploadedImages). */
export async function storeUploadedImage(file: File): Promise<StoredImage> {
  const [stored] = await storeUploadedImages([file]);
  return stored;
}
