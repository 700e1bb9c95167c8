"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { FolderTree, Gift, Hammer, History, KeyRound, LayoutDashboard, Mail, MessageSquareText, Package, ShoppingCart, Store, TicketPercent, Truck, UserCog, Users } from "lucide-react";
import { AdminLogoutButton } from "@/components/admin/admin-logout-button";
import { cn } from "@/lib/utils";

export const ADMIN_NAV = [
  { href: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/products", label: "Products", icon: Package },
  { href: "/admin/orders", label: "Orders", icon: ShoppingCart },
  { href: "/admin/categories", label: "Categories", icon: FolderTree },
  { href: "/admin/shipping", label: "Shipping", icon: Truck },
  { href: "/admin/discounts", label: "Discount codes", icon: TicketPercent },
  { href: "/admin/gift-cards", label: "Gift cards", icon: Gift },
  { href: "/admin/customers", label: "Customers", icon: Users },
  { href: "/admin/commissions", label: "Commissions", icon: Hammer },
  { href: "/admin/reviews", label: "Reviews", icon: MessageSquareText },
  { href: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { href: "/admin/users", label: "Users", icon: UserCog },
  { href: "/admin/sessions", label: "Sessions", icon: KeyRound },
  { href: "/admin/activity", label: "Activity", icon: History },
] as const;

export const adminNavLinkClass =
  "flex min-h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The admin sections, View Store and Logout; the current section is marked with aria-current. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <div className="flex flex-1 flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {ADMIN_NAV.map(({ href, label, icon: Icon }) => {
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(adminNavLinkClass, active && "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground")}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <ul className="mt-auto flex flex-col gap-1 border-t pt-3">
        <li>
          <Link href="/" onClick={onNavigate} className={adminNavLinkClass}>
            <Store aria-hidden="true" className="size-4" />
            View Store
          </Link>
        </li>
        <li>
          <AdminLogoutButton className={adminNavLinkClass} />
        </li>
      </ul>
    </div>
  );
}
