"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CategoryForm } from "@/components/admin/categories/category-form";
import type { AdminCategoryDTO } from "@/lib/catalog/admin-schemas";

/** `{ category: null }` adds a category, `{ category }` edits it, `null` is closed. */
export type CategoryDialogState = { category: AdminCategoryDTO | null } | null;

export function CategoryFormDialog({ state, onClose }: { state: CategoryDialogState; onClose: () => void }) {
  const editing = Boolean(state?.category);
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      {state && (
        <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{editing ? "Edit Category" : "Add Category"}</DialogTitle>
            <DialogDescription>{editing ? `Changes to “${state.category?.name}” show in the shop right away.` : "New categories appear in the shop's menus when active."}</DialogDescription>
          </DialogHeader>
          <CategoryForm key={state.category?.id ?? "new"} category={state.category} onDone={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
