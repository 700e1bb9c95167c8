"use server";

import { revalidatePath } from "next/cache";
import { adminAction } from "@/lib/actions";
import { moderateReviewActionSchema } from "@/lib/reviews/admin-schemas";
import { moderateReview } from "@/lib/reviews/service";

const moderate = adminAction(moderateReviewActionSchema, async ({ id, change }) => {
  const review = await moderateReview(id, change);
  revalidatePath("/admin/reviews");
  return review;
});

/** The Reviews screen's approve / hide / reply. */
export async function moderateReviewAction(input: { id: number; change: { action: "approve" } | { action: "hide"; reason: string } | { action: "reply"; reply: string } }) {
  return moderate(input);
}
