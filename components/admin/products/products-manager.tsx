"use client";

import { useState } from "react";
import { PackageOpen, Plus } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { Button } from "@/components/ui/button";
import { deleteProductAction } from "@/lib/catalog/actions";
import { actionFailureMessage } from "@/components/admin/products/action-messages";
import { ProductFormDialog, type ProductDialogState } from "@/components/admin/products/product-form-dialog";
import type { AdminProductRow, CategoryOption } from "@/components/admin/products/product-form-values";
import { ProductSearch } from "@/components/admin/products/product-search";
import { ProductsTable } from "@/components/admin/products/products-table";

type ProductsManagerProps = {
  products: AdminProductRow[];
  categories: CategoryOption[];
  search: string;
  limit: number;
};

/** The Products screen's interactive part: header with Add, the table and the add / edit / clone dialog. */
export function ProductsManager({ products, categories, search, limit }: ProductsManagerProps) {
  const [dialog, setDialog] = useState<ProductDialogState>(null);

  async function remove(product: AdminProductRow) {
    try {
      const result = await deleteProductAction({ id: product.id });
      if (result.ok) toast.success("Product deleted successfully.");
      else toast.error("Failed to delete product.", { description: actionFailureMessage(result.message) });
    } catch (error) {
      console.error("product delete failed", error);
      toast.error("Failed to delete product.");
    }
  }

  const count = products.length;
  const summary = search
    ? `${count} ${count === 1 ? "product matches" : "products match"} “${search}”${count >= limit ? ` (first ${limit} shown)` : ""}.`
    : `${count}${count >= limit ? "+" : ""} ${count === 1 ? "product" : "products"}, including inactive ones.`;

  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Manage the catalogue: prices, images, and what the shop shows."
        actions={
          <Button type="button" onClick={() => setDialog({ mode: "create", product: null })}>
            <Plus aria-hidden="true" />
            Add Product
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ProductSearch search={search} />
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="products-summary">
          {summary}
        </p>
      </div>
      {count > 0 ? (
        <ProductsTable products={products} onEdit={(product) => setDialog({ mode: "edit", product })} onClone={(product) => setDialog({ mode: "clone", product })} onDelete={remove} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
          <PackageOpen aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{search ? `No products match “${search}”.` : "No products yet."}</p>
          <p className="text-sm text-muted-foreground">{search ? "Try a different search term." : "Add your first product to start selling."}</p>
        </div>
      )}
      <ProductFormDialog state={dialog} categories={categories} onClose={() => setDialog(null)} />
    </>
  );
}
