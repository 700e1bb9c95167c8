// zod/mini: the review form runs these in the browser, within its first-load budget (docs/decisions/0005-first-load-javascript-budget.md).
import * as z from "zod/mini";

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;
export const HIDE_REASONS = ["abuse", "personal_data", "off_topic", "spam"] as const;
export type HideReason = (typeof HIDE_REASONS)[number];
/** What the admin screen offers for hiding: content reasons only, never the rating. */
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  abuse: "Abusive or hateful",
  personal_data: "Contains personal data",
  off_topic: "Off-topic (not about the piece)",
  spam: "Spam or advertising",
};

const token = z.string({ message: "This review link is not valid." }).check(z.minLength(1, "This review link is not valid."), z.maxLength(2000, "This review link is not valid."));

/** The buyer's review (the form and POST /api/reviews): 1–5 stars, a title, a text of 10–2,000 characters. */
export const reviewFieldsSchema = z.object({
  rating: z.int({ message: "Choose from 1 to 5 stars" }).check(z.minimum(1, "Choose from 1 to 5 stars"), z.maximum(5, "Choose from 1 to 5 stars")),
  title: z
    .string({ message: "Give your review a title" })
    .check(z.trim(), z.minLength(1, "Give your review a title"), z.maxLength(REVIEW_TITLE_MAX, `The title can be at most ${REVIEW_TITLE_MAX} characters`)),
  body: z
    .string({ message: `Your review must be at least ${REVIEW_TEXT_MIN} characters` })
    .check(
      z.trim(),
      z.minLength(REVIEW_TEXT_MIN, `Your review must be at least ${REVIEW_TEXT_MIN} characters`),
      z.maxLength(REVIEW_TEXT_MAX, `Your review can be at most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`),
    ),
});

/** POST /api/reviews: the fields plus the link's order number and token. */
export const reviewSubmissionSchema = z.extend(reviewFieldsSchema, {
  token,
  orderNumber: z.string({ message: "This review link is not valid." }).check(z.minLength(1, "This review link is not valid."), z.maxLength(100, "This review link is not valid.")),
});
export type ReviewFieldsInput = z.input<typeof reviewFieldsSchema>;
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;

/** Photos a review may carry, checked and resized by the admin's upload rules (lib/storage). */
export const MAX_REVIEW_PHOTOS = 3;
export const TOO_MANY_PHOTOS = `You can add at most ${MAX_REVIEW_PHOTOS} photos.`;
export type ReviewPhoto = { url: string; width: number; height: number };

/** A multipart review form's text fields as the JSON body has them: a rating of digits is a number. */
export function reviewFormValues(fields: Record<string, string>): Record<string, unknown> {
  const { rating, ...rest } = fields;
  return { ...rest, rating: rating !== undefined && /^\d{1,2}$/.test(rating) ? Number(rating) : rating };
}

/** GET /api/products/{slug}/reviews?page=N (20 a page). */
export const REVIEWS_PAGE_SIZE = 20;
export const reviewPageQuerySchema = z.object({
  page: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,3}$/, "page must be a whole number from 1 to 9999")), z.transform(Number))),
});
