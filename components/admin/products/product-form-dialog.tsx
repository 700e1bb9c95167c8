"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ProductForm } from "@/components/admin/products/product-form";
import type { AdminProductRow, CategoryOption, ProductFormMode } from "@/components/admin/products/product-form-values";

export type ProductDialogState = { mode: ProductFormMode; product: AdminProductRow | null } | null;

const TITLES: Record<ProductFormMode, string> = { create: "Add Product", edit: "Edit Product", clone: "Clone Product" };

function describe(state: NonNullable<ProductDialogState>): string {
  if (state.mode === "edit") return `Changes to “${state.product?.name}” show in the shop right away.`;
  if (state.mode === "clone") return `A new product based on “${state.product?.name}”.`;
  return "Fill in the details, upload at least one image and save.";
}

/** The add / edit / clone dialog; the form inside is remounted for each product so it starts fresh. */
export function ProductFormDialog({ state, categories, onClose }: { state: ProductDialogState; categories: CategoryOption[]; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      {state && (
        <DialogContent className="gap-6 sm:max-w-3xl" onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{TITLES[state.mode]}</DialogTitle>
            <DialogDescription>{describe(state)}</DialogDescription>
          </DialogHeader>
          <ProductForm key={`${state.mode}-${state.product?.id ?? "new"}`} mode={state.mode} product={state.product} categories={categories} onDone={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
