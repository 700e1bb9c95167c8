"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions";
import { categoryInputSchema, categoryUpdateSchema } from "@/lib/catalog/admin-schemas";
import { auditedCreateCategory as createCategory, auditedDeleteCategory as deleteCategory, auditedUpdateCategory as updateCategory } from "@/lib/audit/audited-catalog";

/**
 * Categories screen actions: the same schemas and service calls as
 * POST/PUT/DELETE /api/categories. The service expires the storefront caches;
 * revalidatePath refreshes the admin screens that show categories.
 */

const idSchema = z.coerce.number({ message: "Category not found" }).int().positive("Category not found");

function refreshAdmin() {
  revalidatePath("/admin/categories");
  revalidatePath("/admin/products");
}

const create = adminAction(categoryInputSchema, async (data) => {
  const category = await createCategory(data);
  refreshAdmin();
  return { id: category.id, slug: category.slug };
});

/** Edit form and the card's Active switch (`{ id, input: { active } }`). */
const update = adminAction(z.object({ id: idSchema, input: categoryUpdateSchema }), async ({ id, input }) => {
  const category = await updateCategory(id, input);
  refreshAdmin();
  return { id: category.id, slug: category.slug, active: category.active };
});

const remove = adminAction(z.object({ id: idSchema }), async ({ id }) => {
  const result = await deleteCategory(id);
  refreshAdmin();
  return result;
});

export async function createCategoryAction(input: unknown) {
  return create(input);
}

export async function updateCategoryAction(input: { id: number; input: unknown }) {
  return update(input);
}

export async function deleteCategoryAction(input: { id: number }) {
  return remove(input);
}
