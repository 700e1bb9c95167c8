"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Settings } from "lucide-react";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { isActivePath, type NavCategory, type NavItem } from "@/components/layout/nav-config";
import { cn } from "@/lib/utils";
import { site } from "@/lib/site";

const linkClass =
  "flex min-h-11 items-center rounded-md px-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

type MobileMenuSheetProps = {
  categories: NavCategory[];
  links: readonly NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns when the menu closes: the header's menu button. */
  trigger: React.RefObject<HTMLButtonElement | null>;
};

/** Slide-out menu for small screens: the same links and categories as the desktop bar. Loaded by MobileMenu on first open. */
export default function MobileMenuSheet({ categories, links, open, onOpenChange, trigger }: MobileMenuSheetProps) {
  const pathname = usePathname();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-[85vw] max-w-sm gap-0 overflow-y-auto p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle className="font-serif text-xl">{site.name}</SheetTitle>
          <SheetDescription>{site.tagline}</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-3 py-4">
          {links.map((link) => {
            const active = isActivePath(pathname, link.href);
            return (
              <Link key={link.href} href={link.href} onClick={close} aria-current={active ? "page" : undefined} className={cn(linkClass, active && "text-primary")}>
                {link.label}
              </Link>
            );
          })}
          {categories.length > 0 && (
            <>
              <Separator className="my-3" />
              <p id="mobile-categories-heading" className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                Categories
              </p>
              <ul aria-labelledby="mobile-categories-heading" className="flex flex-col gap-0.5">
                {categories.map((category) => {
                  const href = `/shop/${category.slug}`;
                  const active = isActivePath(pathname, href);
                  return (
                    <li key={category.slug}>
                      <Link
                        href={href}
                        onClick={close}
                        aria-current={active ? "page" : undefined}
                        className={cn(linkClass, "text-[0.9375rem] font-normal text-foreground/85", active && "text-primary")}
                      >
                        {category.name}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          <Separator className="my-3" />
          <Link href="/admin" onClick={close} className={cn(linkClass, "gap-2 text-muted-foreground")}>
            <Settings aria-hidden="true" className="size-4" />
            Admin
          </Link>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
