/** Upload rules (spec §5): PNG, JPEG or WEBP, at most 10MB; the file's bytes decide, not its name or claimed type. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

export type ImageKind = "png" | "jpeg" | "webp";

export const notAnImageMessage = (name: string) => `File ${name} is not an image.`;
export const tooLargeMessage = (name: string) => `File ${name} is too large. Maximum size is 10MB.`;

/** Reads the magic bytes: PNG signature, JPEG SOI marker, or a RIFF container of type WEBP. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], offset = 0) => bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}
