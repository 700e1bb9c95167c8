"use client";

import Link from "next/link";
import type { MouseEvent, ReactNode } from "react";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";
import { useListingNavigation } from "@/components/catalog/listing-navigation";
import { listingHref, type ListingQuery } from "@/components/catalog/listing-url";
import { paginationWindow } from "@/lib/catalog/pagination";
import { PAGINATION_BUTTONS } from "@/lib/site";
import { clsx as cn } from "clsx";

type PaginationProps = {
  pathname: string;
  query: ListingQuery;
  page: number;
  totalPages: number;
};

/**
 * Listing pagination: Previous, at most PAGINATION_BUTTONS numbered pages around the
 * current one, Next. Every entry is a real link (crawlable, opens in a new tab); a
 * plain click navigates inside the listing's transition so the results show a spinner.
 */
export function Pagination({ pathname, query, page, totalPages }: PaginationProps) {
  const { navigate } = useListingNavigation();
  if (totalPages <= 1) return null;
  const pages = paginationWindow(page, totalPages, PAGINATION_BUTTONS);
  const href = (n: number) => listingHref(pathname, query, { page: n });

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute("href")!);
    window.scrollTo({ top: 0, behavior: "smooth" });
  }

  return (
    <nav aria-label="Pagination" className="flex justify-center" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <PageLink href={page > 1 ? href(page - 1) : null} onClick={onClick} rel="prev" label="Previous page">
            <Icon name="chevron-left" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </PageLink>
        </li>
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={cn(buttonVariants({ variant: "default", size: "icon" }), "pointer-events-none")} data-testid="page-current">
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link href={href(n)} onClick={onClick} scroll={false} className={buttonVariants({ variant: "outline", size: "icon" })} data-testid="page-link" aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          <PageLink href={page < totalPages ? href(page + 1) : null} onClick={onClick} rel="next" label="Next page">
            <span className="sr-only sm:not-sr-only">Next</span>
            <Icon name="chevron-right" />
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

function PageLink({ href, onClick, rel, label, children }: { href: string | null; onClick: (event: MouseEvent<HTMLAnchorElement>) => void; rel: "prev" | "next"; label: string; children: ReactNode }) {
  const className = cn(buttonVariants({ variant: "outline" }), "px-3");
  if (!href) {
    return (
      <span aria-disabled="true" className={cn(className, "pointer-events-none")}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} onClick={onClick} scroll={false} rel={rel} aria-label={label} className={className}>
      {children}
    </Link>
  );
}
