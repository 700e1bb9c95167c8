"use client";

import { useId, useState, type FormEvent } from "react";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useListingNavigation } from "@/components/catalog/listing-navigation";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { DEFAULT_SORT, SORT_OPTIONS, type SortValue } from "@/lib/catalog/sort";
import { HydrationSlice } from "@/components/ui/hydration-slice";

type ShopToolbarProps = {
  /** The listing's path (/shop or /shop/{category}). */
  pathname: string;
  /** The current query string, so other parameters survive a change. */
  query: ListingQuery;
  search: string;
  sort: SortValue | undefined;
};

/**
 * Search box and sort select of a shop listing. State lives in the URL: a new
 * search or sort pushes a new URL (back to page 1) inside a transition. Without
 * JavaScript the search form still works as a plain GET form.
 */
export function ShopToolbar({ pathname, query, search, sort }: ShopToolbarProps) {
  const { isPending, navigate } = useListingNavigation();
  const [term, setTerm] = useState(search);
  const [syncedSearch, setSyncedSearch] = useState(search);
  if (search !== syncedSearch) {
    // The URL changed from elsewhere (header search, Clear Search, back button): follow it.
    setSyncedSearch(search);
    setTerm(search);
  }
  // The sort the shopper just picked, shown while its page loads.
  const [chosenSort, setChosenSort] = useState<string | null>(null);
  const [syncedSort, setSyncedSort] = useState(sort);
  if (sort !== syncedSort) {
    setSyncedSort(sort);
    setChosenSort(null);
  }
  const [lastChange, setLastChange] = useState<"search" | "sort" | null>(null);
  const searchId = useId();
  const sortId = useId();
  const currentSort = chosenSort ?? sort ?? DEFAULT_SORT;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLastChange("search");
    navigate(listingHref(pathname, query, { search: term }));
  }

  function onSortChange(value: string) {
    setLastChange("sort");
    setChosenSort(value);
    navigate(listingHref(pathname, query, { sort: value }));
  }

  return (
    <HydrationSlice>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between" data-testid="shop-toolbar">
        <form role="search" action={pathname} method="get" onSubmit={onSubmit} className="flex w-full min-w-0 gap-2 sm:max-w-md">
          {sort && sort !== DEFAULT_SORT && <input type="hidden" name="sort" value={sort} />}
          <div className="relative min-w-0 flex-1">
            <Label htmlFor={searchId} className="sr-only">
              Search products
            </Label>
            <Icon name="search" className="absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={searchId}
              type="search"
              name="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Search products…"
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              className="h-10 bg-background pl-9"
            />
          </div>
          <Button type="submit" variant="outline" className="h-10">
            {isPending && lastChange === "search" ? <Icon name="loader" className="animate-spin" /> : <Icon name="search" />}
            Search
          </Button>
        </form>

        <div className="flex items-center gap-2">
          <Label htmlFor={sortId} className="shrink-0 text-muted-foreground">
            Sort by
          </Label>
          {/* A native select: the platform's own picker on phones, keyboard-complete, and no menu code to load. */}
          <NativeSelect id={sortId} value={currentSort} onChange={(event) => onSortChange(event.target.value)} className="h-10 w-full min-w-44 sm:w-48" data-testid="sort-select">
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </HydrationSlice>
  );
}
