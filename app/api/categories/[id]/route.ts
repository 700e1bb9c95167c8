import { categoryUpdateSchema } from "@/lib/catalog/admin-schemas";
import { deleteCategory, updateCategory } from "@/lib/catalog/service";
import { readJson, withAdminRoute } from "@/lib/http";

/** Admin: update any fields (a body with only `active` toggles the category). */
export const PUT = withAdminRoute<{ id: string }>(async (req, { params }) => updateCategory(params.id, await readJson(req, categoryUpdateSchema)));

/** Admin: delete an empty category (409 while it still has products). */
export const DELETE = withAdminRoute<{ id: string }>(async (_req, { params }) => {
  const { id } = await deleteCategory(params.id);
  return { id, message: "Category deleted successfully." };
});
