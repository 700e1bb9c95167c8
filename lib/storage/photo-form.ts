import "server-only";
import type { z } from "zod";
import { readJson } from "@/lib/http";
import { mediaType } from "@/lib/net/body";
import { formWithFiles } from "@/lib/storage/form-files";
import { parseOrThrow } from "@/lib/validation";

/**
 * A public form that may carry photos (a review, a commission request): JSON
 * (no photos), or the form's multipart body with up to `maxPhotos` files in
 * `photos` (the body bounded to those photos at the upload limit plus `fieldBytes` of text
 * fields: lib/storage/form-files.ts formBodyLimit). The fields are checked by the same schema either way (`toValues`
 * turns the form's text fields into what the JSON body has); the photos by the
 * upload rules when stored.
 */
export async function readPhotoForm<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
  { maxPhotos, tooMany, toValues, fieldBytes }: { maxPhotos: number; tooMany: string; toValues: (fields: Record<string, string>) => Record<string, unknown>; fieldBytes: number },
): Promise<{ input: z.output<S>; photos: File[] }> {
  if (mediaType(req) !== "multipart/form-data") return { input: await readJson(req, schema), photos: [] };
  const { fields, files } = await formWithFiles(req, "photos", { maxFiles: maxPhotos, tooManyMessage: tooMany, fieldBytes });
  // An empty file input sends an empty part: no photo.
  const photos = files.filter((f) => f.size > 0);
  return { input: parseOrThrow(schema, toValues(fields)), photos };
}
