"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions";
import { productInputSchema, productUpdateSchema } from "@/lib/catalog/admin-schemas";
import { auditedCreateProduct as createProduct, auditedDeleteProduct as deleteProduct, auditedUpdateProduct as updateProduct } from "@/lib/audit/audited-catalog";

/**
 * Products screen actions: the same schemas and service calls as
 * POST/PUT/DELETE /api/products. The service expires the storefront caches;
 * revalidatePath refreshes this admin screen.
 */

const idSchema = z.coerce.number({ message: "Product not found" }).int().positive("Product not found");

const create = adminAction(productInputSchema, async (data) => {
  // The parsed input has dropped `clone`; a product without images only got
  // past the schema as a clone, so the service is told so again.
  const product = await createProduct({ ...data, clone: data.images.length === 0 });
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return { id: product.id, slug: product.slug };
});

const update = adminAction(z.object({ id: idSchema, input: productUpdateSchema }), async ({ id, input }) => {
  const product = await updateProduct(id, input);
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return { id: product.id, slug: product.slug };
});

const remove = adminAction(z.object({ id: idSchema }), async ({ id }) => {
  const result = await deleteProduct(id);
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return result;
});

export async function createProductAction(input: unknown) {
  return create(input);
}

export async function updateProductAction(input: { id: number; input: unknown }) {
  return update(input);
}

export async function deleteProductAction(input: { id: number }) {
  return remove(input);
}
