"use client";

import { createContext, useCallback, useContext, useMemo, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { clsx as cn } from "clsx";

type ListingNavigation = { isPending: boolean; navigate: (href: string) => void };

const ListingNavigationContext = createContext<ListingNavigation | null>(null);

/**
 * Shared pending state for the listing's client controls (search, sort, pagination):
 * they navigate inside one transition, and the results region shows a spinner and
 * aria-busy until the new page has rendered.
 */
export function ListingNavigationProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const navigate = useCallback(
    (href: string) => {
      startTransition(() => {
        router.push(href, { scroll: false });
      });
    },
    [router],
  );
  const value = useMemo(() => ({ isPending, navigate }), [isPending, navigate]);
  return <ListingNavigationContext.Provider value={value}>{children}</ListingNavigationContext.Provider>;
}

export function useListingNavigation(): ListingNavigation {
  const ctx = useContext(ListingNavigationContext);
  if (!ctx) throw new Error("useListingNavigation must be used inside <ListingNavigationProvider>");
  return ctx;
}

/** The results area: dims and announces itself busy while a listing navigation is pending. */
export function ListingResults({ children, className }: { children: ReactNode; className?: string }) {
  const { isPending } = useListingNavigation();
  return (
    <div id="listing-results" aria-busy={isPending} className={cn("relative", className)} data-pending={isPending || undefined}>
      <div className={cn("transition-opacity duration-200", isPending && "pointer-events-none opacity-50")}>{children}</div>
      {isPending && (
        <div className="pointer-events-none absolute inset-x-0 top-16 flex justify-center" data-testid="listing-spinner">
          <span className="flex items-center gap-2 rounded-full border bg-background/95 px-4 py-2 text-sm text-muted-foreground shadow-md">
            <Icon name="loader" className="animate-spin text-primary" />
            Loading products…
          </span>
        </div>
      )}
    </div>
  );
}
