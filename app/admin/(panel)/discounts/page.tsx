import type { Metadata } from "next";
import { DiscountsManager } from "@/components/admin/discounts/discounts-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { listAdminCategories } from "@/lib/catalog/service";
import { listDiscountCodes } from "@/lib/discounts/service";

export const metadata: Metadata = { title: "Discount codes" };

/** Admin discount codes: create, edit, disable; uses so far against each limit. */
export default async function DiscountsPage() {
  await requireAdminPage();
  const [codes, categories] = await Promise.all([listDiscountCodes(), listAdminCategories()]);
  return <DiscountsManager codes={codes} categories={categories.map((c) => ({ id: c.id, name: c.name }))} />;
}
