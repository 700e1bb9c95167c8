import "server-only";
import { csvRow } from "@/lib/csv";
import { prisma } from "@/lib/db";
import { leadTime, productKind, PRODUCT_KIND_LABELS } from "@/lib/catalog/stock";
import { LOW_STOCK_THRESHOLD } from "@/lib/catalog/stock-settings";

/**
 * The admin's view of stock (issue 29): the dashboard's low-stock list and the
 * stock CSV. Never cached: counts change with every order.
 */
export type LowStockItem = { id: number; name: string; slug: string; stock: number; allowBackorder: boolean; active: boolean };

/** In-stock products at or below the shop's threshold (lib/site.ts), emptiest first. */
export async function listLowStock(threshold: number = LOW_STOCK_THRESHOLD): Promise<LowStockItem[]> {
  return prisma.product.findMany({
    where: { uniqueItem: false, stock: { not: null, lte: threshold } },
    select: { id: true, name: true, slug: true, stock: true, allowBackorder: true, active: true },
    orderBy: [{ stock: "asc" }, { name: "asc" }, { id: "asc" }],
    take: 100,
  }) as Promise<LowStockItem[]>;
}

export const STOCK_CSV_HEADER = ["sku", "name", "slug", "kind", "stock", "allow_backorder", "lead_time_min_days", "lead_time_max_days", "sold", "active"];

/** Every product's kind, count and lead time (its own, or the shop's default), one CSV row each, by name. */
export async function stockCsv(): Promise<string> {
  const rows = await prisma.product.findMany({
    select: { id: true, name: true, slug: true, uniqueItem: true, sold: true, active: true, stock: true, allowBackorder: true, leadTimeMinDays: true, leadTimeMaxDays: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  let csv = csvRow(STOCK_CSV_HEADER);
  for (const p of rows) {
    const kind = productKind(p);
    const lead = kind === "one_of_a_kind" || (kind === "in_stock" && !p.allowBackorder) ? null : leadTime(p);
    csv += csvRow([`MM-${p.id}`, p.name, p.slug, PRODUCT_KIND_LABELS[kind], p.stock, p.allowBackorder ? "yes" : "no", lead?.min, lead?.max, kind === "one_of_a_kind" ? (p.sold ? "yes" : "no") : "", p.active ? "yes" : "no"]);
  }
  return csv;
}
