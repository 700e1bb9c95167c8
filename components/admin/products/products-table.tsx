"use client";

import Image from "next/image";
import Link from "next/link";
import { Copy, ExternalLink, ImageOff, Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ACTIONS_LABEL, TableHead } from "@/components/admin/admin-table";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { ProductBadges } from "@/components/admin/products/product-badges";
import type { AdminProductRow } from "@/components/admin/products/product-form-values";
import { formatMoney } from "@/lib/money";

type ProductsTableProps = {
  products: AdminProductRow[];
  onEdit: (product: AdminProductRow) => void;
  onClone: (product: AdminProductRow) => void;
  onDelete: (product: AdminProductRow) => Promise<unknown>;
};

function Thumb({ product }: { product: AdminProductRow }) {
  const main = product.media[0];
  return (
    <div className="relative aspect-[4/3] w-16 overflow-hidden rounded-md border bg-muted">
      {main ? (
        <Image src={main.url} alt={main.alt ?? product.name} fill sizes="64px" className="object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground" title="No image">
          <ImageOff aria-hidden="true" className="size-4" />
          <span className="sr-only">No image</span>
        </span>
      )}
    </div>
  );
}

/** Products with thumbnail, name, category, price and status badges; edit, clone and delete per row. */
export function ProductsTable({ products, onEdit, onClone, onDelete }: ProductsTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <table className="w-full text-sm" data-testid="products-table">
        <caption className="sr-only">Products</caption>
        <TableHead
          className="border-b bg-muted/50 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          columns={[
            { label: <span className="sr-only">Image</span>, className: "w-20 px-3 py-3 sm:px-4" },
            { label: "Product", className: "w-full px-2 py-3" },
            { label: "Category", className: "hidden px-2 py-3 whitespace-nowrap md:table-cell" },
            { label: "Price", className: "hidden px-2 py-3 text-right sm:table-cell" },
            { label: "Status", className: "hidden px-2 py-3 lg:table-cell" },
            { label: ACTIONS_LABEL, className: "px-3 py-3 text-right sm:px-4" },
          ]}
        />
        <tbody className="divide-y">
          {products.map((p) => (
            <tr key={p.id} className="align-middle transition-colors hover:bg-muted/30" data-testid="product-row" data-slug={p.slug}>
              <td className="px-3 py-3 sm:px-4">
                <Thumb product={p} />
              </td>
              <td className="max-w-0 px-2 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  {/* Wrapped, not truncated: enlarged text (WCAG 1.4.4) must not lose the name. */}
                  <span className="font-medium [overflow-wrap:anywhere]">{p.name}</span>
                  <span className="font-mono text-xs break-all text-muted-foreground">{p.slug}</span>
                  <span className="text-xs text-muted-foreground md:hidden">
                    {p.categoryName}
                    <span className="sm:hidden"> · {formatMoney(p.price)}</span>
                  </span>
                  <ProductBadges product={p} className="lg:hidden" />
                </div>
              </td>
              <td className="hidden px-2 py-3 whitespace-nowrap md:table-cell">{p.categoryName}</td>
              <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell">{formatMoney(p.price)}</td>
              <td className="hidden px-2 py-3 lg:table-cell">
                <ProductBadges product={p} className="min-w-40" />
              </td>
              <td className="px-3 py-3 sm:px-4">
                <div className="flex flex-col items-end justify-end gap-1 sm:flex-row">
                  {p.active && (
                    <Button asChild variant="ghost" size="icon" className="hidden size-8 xl:inline-flex" title="View in shop">
                      <Link href={`/product/${p.slug}`} target="_blank" aria-label={`View ${p.name} in the shop`}>
                        <ExternalLink aria-hidden="true" />
                      </Link>
                    </Button>
                  )}
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Edit ${p.name}`} title="Edit" onClick={() => onEdit(p)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Clone ${p.name}`} title="Clone" onClick={() => onClone(p)}>
                    <Copy aria-hidden="true" />
                  </Button>
                  <ConfirmDialog
                    title="Delete product?"
                    description={`“${p.name}” will be removed from the shop and the admin. This cannot be undone.`}
                    confirmLabel="Delete"
                    onConfirm={() => onDelete(p)}
                    trigger={
                      <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive hover:text-destructive" aria-label={`Delete ${p.name}`} title="Delete">
                        <Trash2 aria-hidden="true" />
                      </Button>
                    }
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
