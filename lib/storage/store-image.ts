import "server-only";
import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { detectImageKind, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, notAnImageMessage, tooLargeMessage } from "@/lib/storage/image-check";
import { uploadsUnavailableReason } from "@/lib/storage/availability";
import { saveLocalUpload } from "@/lib/storage/local-disk";
import { uploadToUploadThing } from "@/lib/storage/uploadthing";

export type StoredImage = { url: string; width: number; height: number };

/** Longest side of a stored image; larger photos are scaled down, smaller ones are kept as they are. */
export const MAX_IMAGE_SIDE = 2000;
/** Refuse decompression bombs: a 10MB file can claim billions of pixels. */
const MAX_INPUT_PIXELS = 100_000_000;

type PreparedImage = { fileName: string; data: Buffer; width: number; height: number };

/** Checks one upload (size, then magic bytes) and turns it into an upright WebP of at most 2000×2000. */
async function prepareImage(file: File): Promise<PreparedImage> {
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
  return { fileName: storedFileName(), data: output.data, width: output.info.width, height: output.info.height };
}

/**
 * A stored file's name is a random id only: the name the file had on someone's computer
 * ("Dana Rivers home 12 Elm St.jpg") never becomes part of a public URL.
 */
export function storedFileName(): string {
  return `${randomBytes(16).toString("hex")}.webp`;
}

async function persist(image: PreparedImage): Promise<string> {
  if (env.UPLOADTHING_TOKEN) {
    return uploadToUploadThing({ name: image.fileName, type: "image/webp", data: image.data }, { token: env.UPLOADTHING_TOKEN });
  }
  return saveLocalUpload(image.fileName, image.data);
}

/**
 * Stores several uploads: every file is checked and converted first, so one
 * bad file stores none of them. Errors are 400 AppErrors with the spec's messages.
 */
export async function storeUploadedImages(files: File[]): Promise<StoredImage[]> {
  const unavailable = uploadsUnavailableReason();
  if (unavailable) throw new AppError("conflict", unavailable);
  if (!files.length) throw new AppError("bad_request", "Please choose an image to upload.");
  if (files.length > MAX_FILES_PER_UPLOAD) throw new AppError("bad_request", `You can upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`);
  const prepared: PreparedImage[] = [];
  for (const file of files) prepared.push(await prepareImage(file));
  const stored: StoredImage[] = [];
  for (const image of prepared) stored.push({ url: await persist(image), width: image.width, height: image.height });
  return stored;
}

/** One upload → its public URL and stored size (see storeUploadedImages). */
export async function storeUploadedImage(file: File): Promise<StoredImage> {
  const [stored] = await storeUploadedImages([file]);
  return stored;
}
