import { getProductBySlug } from "@/lib/catalog/queries";
import { AppError } from "@/lib/errors";
import { readQuery, withRoute } from "@/lib/http";
import { listProductReviews } from "@/lib/reviews/queries";
import { reviewPageQuerySchema } from "@/lib/reviews/schemas";

/** GET /api/products/{slug}/reviews?page=N: a public product's approved reviews, newest first, 20 a page. */
export const GET = withRoute<{ slug: string }>(async (req, { params }) => {
  const { page = 1 } = readQuery(req, reviewPageQuerySchema);
  const product = await getProductBySlug(params.slug);
  if (!product) throw new AppError("not_found", "Product not found");
  return listProductReviews(product, page);
});
