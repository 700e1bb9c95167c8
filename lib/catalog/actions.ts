"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions";
import { adminProductInputSchema, adminProductUpdateSchema, categoryInputSchema, categoryUpdateSchema, shopSettingsSchema } from "@/lib/catalog/admin-schemas";
import { updateShopSettings } from "@/lib/catalog/settings-service";
import { createCategory, createProduct, deleteCategory, deleteProduct, updateCategory, updateProduct } from "@/lib/catalog/service";

/**
 * Products and Categories screen actions (admin catalogue): the same schemas
 * and service calls as POST/PUT/DELETE /api/products and /api/categories. The
 * service expires the storefront caches; revalidatePath refreshes the admin
 * screens that show them.
 */

// ---- Products ----

const productIdSchema = z.coerce.number({ message: "Product not found" }).int().positive("Product not found");

const createProductRun = adminAction(adminProductInputSchema, async (data) => {
  const product = await createProduct(data);
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return { id: product.id, slug: product.slug };
});

const updateProductRun = adminAction(z.object({ id: productIdSchema, input: adminProductUpdateSchema }), async ({ id, input }) => {
  const product = await updateProduct(id, input);
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return { id: product.id, slug: product.slug };
});

const deleteProductRun = adminAction(z.object({ id: productIdSchema }), async ({ id }) => {
  const result = await deleteProduct(id);
  revalidatePath("/admin/products");
  revalidatePath("/admin/categories");
  return result;
});

export async function createProductAction(input: unknown) {
  return createProductRun(input);
}

export async function updateProductAction(input: { id: number; input: unknown }) {
  return updateProductRun(input);
}

export async function deleteProductAction(input: { id: number }) {
  return deleteProductRun(input);
}

// ---- Categories ----

const categoryIdSchema = z.coerce.number({ message: "Category not found" }).int().positive("Category not found");

function refreshCategoryScreens() {
  revalidatePath("/admin/categories");
  revalidatePath("/admin/products");
}

const createCategoryRun = adminAction(categoryInputSchema, async (data) => {
  const category = await createCategory(data);
  refreshCategoryScreens();
  return { id: category.id, slug: category.slug };
});

/** Edit form and the card's Active switch (`{ id, input: { active } }`). */
const updateCategoryRun = adminAction(z.object({ id: categoryIdSchema, input: categoryUpdateSchema }), async ({ id, input }) => {
  const category = await updateCategory(id, input);
  refreshCategoryScreens();
  return { id: category.id, slug: category.slug, active: category.active };
});

const deleteCategoryRun = adminAction(z.object({ id: categoryIdSchema }), async ({ id }) => {
  const result = await deleteCategory(id);
  refreshCategoryScreens();
  return result;
});

export async function createCategoryAction(input: unknown) {
  return createCategoryRun(input);
}

export async function updateCategoryAction(input: { id: number; input: unknown }) {
  return updateCategoryRun(input);
}

export async function deleteCategoryAction(input: { id: number }) {
  return deleteCategoryRun(input);
}

// ---- Shop settings ----

/** The dashboard's low-stock threshold and the shop's time zone (audited, with who changed it). */
const updateShopSettingsRun = adminAction(shopSettingsSchema, async (data) => {
  const settings = await updateShopSettings(data);
  // The zone changes every admin date and the dashboard's days.
  revalidatePath("/admin", "layout");
  return settings;
});

export async function updateShopSettingsAction(input: { lowStockThreshold?: unknown; timeZone?: unknown }) {
  return updateShopSettingsRun(input);
}
