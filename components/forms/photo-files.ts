const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The chosen photos' problem, checked before sending (the server checks again, and their content). */
export function photosProblem(files: File[], max: number, tooMany: string): string | null {
  if (files.length > max) return tooMany;
  const large = files.find((f) => f.size > MAX_PHOTO_BYTES);
  if (large) return `${large.name} is too large. Maximum size is 10MB per photo.`;
  const other = files.find((f) => f.type && !f.type.startsWith("image/"));
  if (other) return `${other.name} is not an image.`;
  return null;
}
