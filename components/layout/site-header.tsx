import { HeaderContent } from "@/components/layout/header-content";
import { NAV_LINKS, type NavCategory } from "@/components/layout/nav-config";
import { listCategories } from "@/lib/catalog/queries";

/** The sticky storefront header (spec §2 Navigation bar): the active categories, handed to its markup (components/layout/header-content.tsx). */
export async function SiteHeader() {
  const categories: NavCategory[] = (await listCategories()).map(({ name, slug }) => ({ name, slug }));
  return <HeaderContent categories={categories} links={NAV_LINKS} />;
}
