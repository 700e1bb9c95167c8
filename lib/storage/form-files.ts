import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "@/lib/storage/image-check";

/** Above this a request cannot be a valid upload (all files at the limit plus form overhead). */
const MAX_REQUEST_BYTES = (MAX_FILES_PER_UPLOAD + 1) * MAX_UPLOAD_BYTES;

/** The files sent in a multipart field (string values are ignored); a body that is not multipart is a 400. */
export async function filesFromForm(req: Request, field: string): Promise<File[]> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new AppError("bad_request", "The upload is too large. Maximum size is 10MB per image.");
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new AppError("bad_request", "Please choose an image to upload.");
  }
  return form.getAll(field).filter((value): value is File => typeof value !== "string");
}
