import { updateProductPackage } from "@/lib/catalog/service";
import { readJson, withAdminRoute } from "@/lib/http";
import { packageSchema } from "@/lib/shipping/schemas";

/** Admin: what a product weighs and measures: { weightGrams, lengthMm, widthMm, heightMm, boxId, freightPrice, contactForDelivery }, any subset. */
export const PUT = withAdminRoute<{ id: string }>(async (req, { params }) => {
  const product = await updateProductPackage(params.id, await readJson(req, packageSchema));
  return { id: product.id, package: product.package };
});
