"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { clsx as cn } from "clsx";
import { isActivePath } from "@/components/layout/nav-config";

/** A top-bar link that marks the current section with aria-current. */
export function NavLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className={cn("nav-link", className)}>
      {children}
    </Link>
  );
}
