"use client";

import { useState, useTransition } from "react";
import Image from "next/image";
import { ImageOff, Pencil, Trash2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { ActiveSwitch } from "@/components/admin/categories/active-switch";
import { actionFailureMessage } from "@/components/admin/products/action-messages";
import { deleteCategoryAction, updateCategoryAction } from "@/lib/catalog/actions";
import type { AdminCategoryDTO } from "@/lib/catalog/admin-schemas";
import { cn } from "@/lib/utils";

/** One category: picture, name, slug, description, product count and sort order; Active switch, Edit and Delete. */
export function CategoryCard({ category, onEdit }: { category: AdminCategoryDTO; onEdit: (category: AdminCategoryDTO) => void }) {
  const [active, setActive] = useState(category.active);
  const [pending, startTransition] = useTransition();
  const [syncedFrom, setSyncedFrom] = useState(category.active);
  // Follow the server's value when it changes (e.g. after an edit elsewhere).
  if (syncedFrom !== category.active) {
    setSyncedFrom(category.active);
    setActive(category.active);
  }
  const titleId = `category-${category.id}-name`;
  const switchId = `category-${category.id}-active`;

  function toggle(next: boolean) {
    setActive(next);
    startTransition(async () => {
      try {
        const result = await updateCategoryAction({ id: category.id, input: { active: next } });
        if (result.ok) {
          toast.success(next ? `“${category.name}” is now active.` : `“${category.name}” is now inactive.`);
          return;
        }
        setActive(!next);
        toast.error("Failed to update category status.", { description: actionFailureMessage(result.message) });
      } catch (error) {
        console.error("category status failed", error);
        setActive(!next);
        toast.error("Failed to update category status.");
      }
    });
  }

  async function remove() {
    try {
      const result = await deleteCategoryAction({ id: category.id });
      if (result.ok) toast.success("Category deleted successfully.");
      else toast.error("Failed to delete category.", { description: actionFailureMessage(result.message) });
    } catch (error) {
      console.error("category delete failed", error);
      toast.error("Failed to delete category.");
    }
  }

  const count = category.productCount;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="category-card"
      data-slug={category.slug}
      className={cn("flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-opacity", !active && "bg-muted/40")}
    >
      {/* An inactive category's picture is dimmed, not its "Sort" badge (the badge's label keeps its contrast). */}
      <div className="relative aspect-[16/9] bg-muted sm:aspect-[4/3]">
        {category.image ? (
          <Image src={category.image} alt="" fill sizes="(min-width: 1280px) 25vw, (min-width: 768px) 45vw, 100vw" className={cn("object-cover", !active && "opacity-60 grayscale")} />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-6" />
            <span className="sr-only">No image</span>
          </span>
        )}
        <Badge variant="outline" className="absolute top-2 left-2 border-transparent bg-background/90 text-foreground shadow-xs">
          Sort {category.sortOrder}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {/* Wrapped, not truncated: enlarged text (WCAG 1.4.4) must not lose the name. */}
            <h2 id={titleId} className="font-sans text-base font-semibold [overflow-wrap:anywhere]">
              {category.name}
            </h2>
            <p className="font-mono text-xs break-all text-muted-foreground">/{category.slug}</p>
          </div>
          <Badge variant="secondary" className="shrink-0" data-testid="category-product-count">
            {count} {count === 1 ? "product" : "products"}
          </Badge>
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{category.description || <span className="italic">No description.</span>}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3">
        <div className="flex items-center gap-2">
          <ActiveSwitch id={switchId} checked={active} onCheckedChange={toggle} disabled={pending} aria-label={`Active: ${category.name}`} />
          <label htmlFor={switchId} className={cn("cursor-pointer text-sm font-medium", active ? "text-foreground" : "text-muted-foreground")} aria-hidden="true">
            {active ? "Active" : "Inactive"}
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={() => onEdit(category)} aria-label={`Edit ${category.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <ConfirmDialog
            title="Delete category?"
            description={
              count > 0
                ? `“${category.name}” still holds ${count} ${count === 1 ? "product" : "products"}; move or delete them first.`
                : `“${category.name}” will be removed from the shop. This cannot be undone.`
            }
            confirmLabel="Delete"
            onConfirm={remove}
            trigger={
              <Button type="button" variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Delete ${category.name}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
          />
        </div>
      </div>
    </article>
  );
}
