/** The storefront's primary links (spec §2 Navigation bar), shared by the desktop bar and the mobile menu. */
export const NAV_LINKS = [
  { href: "/shop", label: "Shop All" },
  { href: "/my-story", label: "My Story" },
  { href: "/gallery", label: "Gallery" },
  { href: "/commission", label: "Commissions" },
  { href: "/contact", label: "Contact" },
] as const;

/** One primary link. The list is handed down from the server (components/layout/site-header.tsx), so no page's first-load JavaScript carries it. */
export type NavItem = { href: string; label: string };

/** The little a menu needs to know about a category. */
export type NavCategory = { name: string; slug: string };

/** True when `pathname` is `href` or one of its sub-pages. */
export function isActivePath(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  return pathname === href || pathname.startsWith(`${href}/`);
}
