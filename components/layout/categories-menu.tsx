"use client";

import { useState } from "react";
import { useLazyComponent } from "@/components/ui/use-lazy-component";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { NavCategory } from "@/components/layout/nav-config";

const importDropdown = () => import("@/components/layout/categories-dropdown").then((m) => m.default);
type Mode = { focusTrigger: boolean; focusFirstItem: boolean };

/**
 * The desktop "Categories" button. It starts as a plain button; when the
 * shopper points at it, focuses it or opens it, the Radix dropdown
 * (components/layout/categories-dropdown.tsx) is fetched and, once here, takes
 * its place (open, if that was asked), so no page's first load carries the menu
 * code. The swap never shows a fallback (components/ui/use-lazy-component.ts).
 */
export function CategoriesMenu({ categories }: { categories: NavCategory[] }) {
  const [Loaded, loadDropdown] = useLazyComponent(importDropdown);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>({ focusTrigger: false, focusFirstItem: false });

  function load(next: Partial<Mode> & { open?: boolean }) {
    setMode((was) => ({ focusTrigger: next.focusTrigger ?? was.focusTrigger, focusFirstItem: next.focusFirstItem ?? was.focusFirstItem }));
    if (next.open) setOpen(true);
    loadDropdown();
  }

  if (Loaded) {
    return <Loaded categories={categories} open={open} onOpenChange={setOpen} focusTrigger={mode.focusTrigger} focusFirstItem={mode.focusFirstItem} />;
  }
  return (
    <Button
      type="button"
      variant="ghost"
      aria-haspopup="menu"
      aria-expanded={false}
      className="group gap-1 px-3 text-sm font-medium text-foreground/80"
      onPointerEnter={() => load({})}
      onFocus={() => load({ focusTrigger: true })}
      onBlur={() => setMode((was) => ({ ...was, focusTrigger: false }))}
      // Opened on the press, as Radix's trigger opens: the dropdown fetched on pointing may replace this button between
      // the press and the click, and the click would then land on a trigger that opens on presses only.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) load({ open: true, focusTrigger: true });
      }}
      onClick={() => load({ open: true, focusTrigger: true })}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
          event.preventDefault();
          load({ open: true, focusTrigger: true, focusFirstItem: true });
        }
      }}
    >
      Categories
      <Icon name="chevron-down" />
    </Button>
  );
}
