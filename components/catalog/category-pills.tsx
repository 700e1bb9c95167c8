"use client";

import Link from "next/link";
import { listingHref } from "@/components/catalog/listing-url";
import type { CategoryDTO } from "@/lib/catalog/types";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/**
 * Quick category switch on a listing; keeps the current search and sort, starts at page 1.
 * A client component so that the listing's RSC payload carries the categories' names and
 * slugs rather than a second copy of the pills' markup.
 */
export function CategoryPills({ categories, active, search, sort }: { categories: Array<Pick<CategoryDTO, "slug" | "name">>; active: string | null; search: string; sort: string | undefined }) {
  const items = [{ slug: null as string | null, name: "All Products" }, ...categories.map((c) => ({ slug: c.slug as string | null, name: c.name }))];
  return (
    <HydrationSlice>
      <nav aria-label="Product categories" className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
          {items.map((item) => {
            const current = item.slug === active;
            const base = item.slug ? `/shop/${item.slug}` : "/shop";
            return (
              <li key={item.slug ?? "all"}>
                <Link href={listingHref(base, {}, { search, sort })} aria-current={current ? "page" : undefined} className="pill">
                  {item.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </HydrationSlice>
  );
}
