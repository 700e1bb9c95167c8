"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { CartButton } from "@/components/layout/cart-button";
import { CategoriesMenu } from "@/components/layout/categories-menu";
import { MobileMenu } from "@/components/layout/mobile-menu";
import type { NavCategory, NavItem } from "@/components/layout/nav-config";
import { NavLink } from "@/components/layout/nav-links";
import { SearchToggle } from "@/components/layout/search-toggle";
import { SiteLogo } from "@/components/layout/site-logo";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/**
 * The sticky storefront header's markup (spec §2 Navigation bar), rendered on the server like the
 * rest of the page. A client component, as the footer is (components/layout/footer-content.tsx):
 * every page's RSC payload then carries the category list instead of a second copy of the header.
 */
export function HeaderContent({ categories, links }: { categories: NavCategory[]; links: readonly NavItem[] }) {
  const [shopAll, ...rest] = links;

  return (
    <HydrationSlice>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
          <MobileMenu categories={categories} links={links} />
          <SiteLogo />
          <nav aria-label="Main" className="ml-6 hidden items-center gap-0.5 md:flex">
            <NavLink href={shopAll.href}>{shopAll.label}</NavLink>
            <CategoriesMenu categories={categories} />
            {rest.map((link) => (
              <NavLink key={link.href} href={link.href}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <SearchToggle />
            <Button asChild variant="outline" size="sm" className="hidden md:inline-flex">
              <Link href="/admin">
                <Icon name="settings" />
                Admin
              </Link>
            </Button>
            <CartButton />
          </div>
        </div>
      </header>
    </HydrationSlice>
  );
}
