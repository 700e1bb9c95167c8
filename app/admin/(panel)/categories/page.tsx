import type { Metadata } from "next";
import { CategoriesManager } from "@/components/admin/categories/categories-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { listAdminCategories } from "@/lib/catalog/service";

export const metadata: Metadata = { title: "Categories" };

/** Admin categories (spec §2): cards with edit, delete and an active toggle; inactive ones included. */
export default async function CategoriesPage() {
  await requireAdminPage();
  const categories = await listAdminCategories();
  return <CategoriesManager categories={categories} />;
}
