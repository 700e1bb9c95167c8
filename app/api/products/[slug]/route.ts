import { getProductBySlug } from "@/lib/catalog/queries";
import { AppError } from "@/lib/errors";
import { withRoute } from "@/lib/http";

export const GET = withRoute<{ slug: string }>(async (_req, { params }) => {
  const product = await getProductBySlug(params.slug);
  if (!product) throw new AppError("not_found", "Product not found");
  return product;
});
