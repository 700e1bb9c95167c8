import { NextResponse } from "next/server";
import { readJson, withRoute } from "@/lib/http";
import { reviewSubmissionSchema } from "@/lib/reviews/schemas";
import { REVIEW_THANKS, submitReview } from "@/lib/reviews/service";

/** POST /api/reviews {orderNumber, token, rating, title, body}: a buyer's review through their emailed link → 201, pending approval. */
export const POST = withRoute(async (req) => {
  const { id } = await submitReview(await readJson(req, reviewSubmissionSchema));
  return NextResponse.json({ id, status: "pending", message: REVIEW_THANKS }, { status: 201 });
}, { rateLimit: "review" });
