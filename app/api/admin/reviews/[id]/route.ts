import { readJson, withAdminRoute } from "@/lib/http";
import { moderateReviewSchema } from "@/lib/reviews/admin-schemas";
import { moderateReview } from "@/lib/reviews/service";

/** Admin: PATCH /api/admin/reviews/{id} {action: "approve"} | {action: "hide", reason} | {action: "reply", reply}. */
export const PATCH = withAdminRoute<{ id: string }>(async (req, { params }) => moderateReview(params.id, await readJson(req, moderateReviewSchema)));
