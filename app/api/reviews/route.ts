import { NextResponse } from "next/server";
import { withRoute } from "@/lib/http";
import { readReviewRequest } from "@/lib/reviews/form";
import { REVIEW_THANKS, submitReview } from "@/lib/reviews/service";

export const runtime = "nodejs";

/**
 * POST /api/reviews {orderNumber, token, rating, title, body} (JSON, or the form's multipart body with up to 3
 * `photos`): a buyer's review through their emailed link → 201, pending approval.
 */
export const POST = withRoute(
  async (req) => {
    const { input, photos } = await readReviewRequest(req);
    const { id } = await submitReview(input, new Date(), photos);
    return NextResponse.json({ id, status: "pending", message: REVIEW_THANKS }, { status: 201 });
  },
  { rateLimit: "review" },
);
