import { productUpdateSchema } from "@/lib/catalog/admin-schemas";
import { getProductBySlug } from "@/lib/catalog/queries";
import { deleteProduct, updateProduct } from "@/lib/catalog/service";
import { AppError } from "@/lib/errors";
import { readJson, withAdminRoute, withRoute } from "@/lib/http";

export const GET = withRoute<{ slug: string }>(async (_req, { params }) => {
  const product = await getProductBySlug(params.slug);
  if (!product) throw new AppError("not_found", "Product not found");
  return product;
});

// Admin writes address the product by its numeric id (spec §7: PUT/DELETE /api/products/{id});
// the segment shares the public route's name. A non-numeric id is a 404.

export const PUT = withAdminRoute<{ slug: string }>(async (req, { params }) => updateProduct(params.slug, await readJson(req, productUpdateSchema)));

export const DELETE = withAdminRoute<{ slug: string }>(async (_req, { params }) => {
  const { id } = await deleteProduct(params.slug);
  return { id, message: "Product deleted successfully." };
});
