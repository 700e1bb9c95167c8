"use client";

import { useRef, useState } from "react";
import { useLazyComponent } from "@/components/ui/use-lazy-component";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { NavCategory, NavItem } from "@/components/layout/nav-config";

const importSheet = () => import("@/components/layout/mobile-menu-sheet").then((m) => m.default);

/**
 * The header's menu button for small screens. The slide-out menu itself
 * (components/layout/mobile-menu-sheet.tsx, a Radix dialog) is loaded on first
 * use, so no page's first load carries it.
 */
export function MobileMenu({ categories, links }: { categories: NavCategory[]; links: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [MobileMenuSheet, load] = useLazyComponent(importSheet);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={trigger}
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="md:hidden"
        onPointerEnter={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        <Icon name="menu" className="size-5" />
      </Button>
      {MobileMenuSheet && <MobileMenuSheet categories={categories} links={links} open={open} onOpenChange={setOpen} trigger={trigger} />}
    </>
  );
}
