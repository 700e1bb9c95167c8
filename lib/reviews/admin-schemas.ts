import { z } from "@/lib/zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { HIDE_REASONS, REVIEW_TEXT_MAX } from "@/lib/reviews/schemas";

/**
 * The maker's moderation (PATCH /api/admin/reviews/{id} and the Reviews screen):
 * approve, hide for a content reason, or reply in public. There is no rating
 * in any of it: what is published is never chosen by its stars.
 */
export const moderateReviewSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("approve") }),
    z.object({ action: z.literal("hide"), reason: z.enum(HIDE_REASONS, { message: `Choose why it is hidden: ${HIDE_REASONS.join(", ")}` }) }),
    z.object({
      action: z.literal("reply"),
      reply: z
        .string({ message: "Write a reply" })
        .trim()
        .max(REVIEW_TEXT_MAX, `A reply can be at most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters`),
    }),
  ],
  { message: 'action must be "approve", "hide" or "reply"' },
);
export type ModerateReview = z.output<typeof moderateReviewSchema>;

export const moderateReviewActionSchema = z.object({ id: entityIdSchema, change: moderateReviewSchema });

export const ADMIN_REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type AdminReviewStatus = (typeof ADMIN_REVIEW_STATUSES)[number];
export const adminReviewListSchema = z.object({
  status: z.enum(ADMIN_REVIEW_STATUSES, { message: "status must be pending, approved or hidden" }).optional(),
});
