import "server-only";
import { MAX_REVIEW_PHOTOS, REVIEW_FORM_FIELD_BYTES, reviewFormValues, reviewSubmissionSchema, TOO_MANY_PHOTOS, type ReviewSubmission } from "@/lib/reviews/schemas";
import { readPhotoForm } from "@/lib/storage/photo-form";

/** A review as POST /api/reviews receives it: JSON, or the review form's multipart body with up to 3 `photos`. */
export async function readReviewRequest(req: Request): Promise<{ input: ReviewSubmission; photos: File[] }> {
  return readPhotoForm(req, reviewSubmissionSchema, { maxPhotos: MAX_REVIEW_PHOTOS, tooMany: TOO_MANY_PHOTOS, toValues: reviewFormValues, fieldBytes: REVIEW_FORM_FIELD_BYTES });
}
