import { readQuery, withAdminRoute } from "@/lib/http";
import { listReviewsForAdmin } from "@/lib/reviews/queries";
import { adminReviewListSchema } from "@/lib/reviews/admin-schemas";

/** Admin: GET /api/admin/reviews?status=pending|approved|hidden → {reviews}, newest first (never by rating). */
export const GET = withAdminRoute(async (req) => {
  const { status } = readQuery(req, adminReviewListSchema);
  return { reviews: await listReviewsForAdmin(status) };
});
