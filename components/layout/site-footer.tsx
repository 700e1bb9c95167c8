import { FooterContent } from "@/components/layout/footer-content";
import { listCategories } from "@/lib/catalog/queries";

/** Storefront footer (spec §2 Footer): the active categories, handed to its markup (components/layout/footer-content.tsx). */
export async function SiteFooter() {
  const categories = (await listCategories()).map(({ name, slug }) => ({ name, slug }));
  return <FooterContent categories={categories} />;
}
