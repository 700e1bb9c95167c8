"use client";

import { useEffect, useRef } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { NavCategory } from "@/components/layout/nav-config";

type CategoriesDropdownProps = {
  categories: NavCategory[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The light button this replaced had focus: keep it on the trigger. */
  focusTrigger: boolean;
  /** It was opened from the keyboard before this loaded: focus the first item, as Radix does. */
  focusFirstItem: boolean;
};

/** Desktop "Categories" dropdown (Radix): every active category, linking to its listing. Loaded by CategoriesMenu. */
export default function CategoriesDropdown({ categories, open, onOpenChange, focusTrigger, focusFirstItem }: CategoriesDropdownProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
    // Opened from the keyboard while this was loading: Radix focuses the first item only for its own keyboard opens.
    if (open && focusFirstItem) requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    // Only on mount: later focus is Radix's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" className="group gap-1 px-3 text-sm font-medium text-foreground/80 data-[state=open]:bg-accent">
          Categories
          <Icon name="chevron-down" className="transition-transform group-data-[state=open]:rotate-180" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align="start" className="w-60">
        {categories.map((category) => (
          <DropdownMenuItem key={category.slug} asChild className="cursor-pointer py-2">
            <Link href={`/shop/${category.slug}`}>{category.name}</Link>
          </DropdownMenuItem>
        ))}
        {categories.length > 0 && <DropdownMenuSeparator />}
        <DropdownMenuItem asChild className="cursor-pointer py-2 font-medium text-primary">
          <Link href="/shop">Browse all products</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
