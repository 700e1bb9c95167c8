import "server-only";
import { mediaType } from "@/lib/net/body";
import { readJson } from "@/lib/http";
import { MAX_REVIEW_PHOTOS, reviewFormValues, reviewSubmissionSchema, TOO_MANY_PHOTOS, type ReviewSubmission } from "@/lib/reviews/schemas";
import { formWithFiles } from "@/lib/storage";
import { parseOrThrow } from "@/lib/validation";

/**
 * A review as POST /api/reviews receives it: JSON (no photos), or the review
 * form's multipart body with up to 3 files in `photos`. The fields are checked
 * by the same schema either way; the photos by the upload rules when stored.
 */
export async function readReviewRequest(req: Request): Promise<{ input: ReviewSubmission; photos: File[] }> {
  if (mediaType(req) !== "multipart/form-data") return { input: await readJson(req, reviewSubmissionSchema), photos: [] };
  const { fields, files } = await formWithFiles(req, "photos", MAX_REVIEW_PHOTOS, TOO_MANY_PHOTOS);
  // An empty file input sends an empty part: no photo.
  const photos = files.filter((f) => f.size > 0);
  return { input: parseOrThrow(reviewSubmissionSchema, reviewFormValues(fields)), photos };
}
