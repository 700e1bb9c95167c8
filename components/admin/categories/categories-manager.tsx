"use client";

import { useState } from "react";
import { FolderOpen, Plus } from "lucide-react";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { Button } from "@/components/ui/button";
import { CategoryCard } from "@/components/admin/categories/category-card";
import { CategoryFormDialog, type CategoryDialogState } from "@/components/admin/categories/category-form-dialog";
import type { AdminCategoryDTO } from "@/lib/catalog/admin-schemas";

/** The Categories screen: header with Add, a grid of cards and the add / edit dialog. */
export function CategoriesManager({ categories }: { categories: AdminCategoryDTO[] }) {
  const [dialog, setDialog] = useState<CategoryDialogState>(null);
  const activeCount = categories.filter((c) => c.active).length;
  return (
    <>
      <AdminPageHeader
        title="Categories"
        description={`${categories.length} ${categories.length === 1 ? "category" : "categories"}, ${activeCount} shown in the shop. Lower sort orders come first.`}
        actions={
          <Button type="button" onClick={() => setDialog({ category: null })}>
            <Plus aria-hidden="true" />
            Add Category
          </Button>
        }
      />
      {categories.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="categories-grid">
          {categories.map((category) => (
            <CategoryCard key={category.id} category={category} onEdit={(c) => setDialog({ category: c })} />
          ))}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
          <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No categories yet.</p>
          <p className="text-sm text-muted-foreground">Add a category before adding products.</p>
        </div>
      )}
      <CategoryFormDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
