import { env } from "@/lib/env";
/**
 * Whether this deployment can store uploaded images. On Vercel the project
 * directory is read-only (and every function has its own throwaway disk), so
 * local-disk uploads cannot work there: UploadThing (UPLOADTHING_TOKEN) is
 * required. Elsewhere the local disk (.data/uploads) is the default.
 * No imports: read by the admin layout (server) and lib/storage/store-image.ts.
 */
export const UPLOADS_NEED_TOKEN_MESSAGE =
  "Image uploads are off: this shop runs on Vercel, whose disk is read-only, so uploads need UploadThing. Set UPLOADTHING_TOKEN in the project's environment variables and redeploy.";

export function uploadsUnavailableReason(environment: { UPLOADTHING_TOKEN?: string; VERCEL?: string; [other: string]: unknown } = env): string | null {
  if (environment.UPLOADTHING_TOKEN?.trim()) return null;
  return environment.VERCEL ? UPLOADS_NEED_TOKEN_MESSAGE : null;
}
