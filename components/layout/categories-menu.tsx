"use client";

import Link from "next/link";
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { NavCategory } from "@/components/layout/nav-config";

/** Desktop "Categories" dropdown: every active category, linking to its listing. */
export function CategoriesMenu({ categories }: { categories: NavCategory[] }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="group gap-1 px-3 text-sm font-medium text-foreground/80 data-[state=open]:bg-accent">
          Categories
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
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
