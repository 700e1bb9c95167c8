import "server-only";
import { csvRow } from "@/lib/csv";
import { prisma } from "@/lib/db";
import { readOptions } from "@/lib/catalog/mappers";
import { leadTime, productKind, PRODUCT_KIND_LABELS, PRODUCT_STOCK_FIELDS, STOCK_FIELDS } from "@/lib/inventory/stock";
import { lineName, variantLabel } from "@/lib/catalog/variants";

/**
 * The admin's view of stock: the dashboard's low-stock list and the
 * stock CSV, counted products and counted variants alike. Never cached:
 * counts change with every order.
 */
export type LowStockItem = {
  /** The product's id (a variant's product). */
  id: number;
  /** The product's name, with the variant's label for a variant ("Dowel Jig — Size: 8 mm"). */
  name: string;
  slug: string;
  stock: number;
  allowBackorder: boolean;
  active: boolean;
  /** A variant's SKU (absent for a product's own count). */
  sku?: string;
};

/** Counted products and variants at or below the shop's threshold (its setting, lib/catalog/settings-service.ts), emptiest first. */
export async function listLowStock(threshold: number): Promise<LowStockItem[]> {
  const [products, variants] = await Promise.all([
    prisma.product.findMany({
      where: { uniqueItem: false, stock: { not: null, lte: threshold } },
      select: { id: true, name: true, slug: true, stock: true, allowBackorder: true, active: true },
      orderBy: [{ stock: "asc" }, { name: "asc" }, { id: "asc" }],
      take: 100,
    }),
    prisma.productVariant.findMany({
      where: { stock: { not: null, lte: threshold } },
      select: { sku: true, stock: true, allowBackorder: true, optionValues: true, product: { select: { id: true, name: true, slug: true, active: true, options: true } } },
      orderBy: [{ stock: "asc" }, { sku: "asc" }],
      take: 100,
    }),
  ]);
  const items: LowStockItem[] = [
    ...(products as LowStockItem[]),
    ...variants.map((v) => ({
      id: v.product.id,
      name: lineName(v.product.name, variantLabel(readOptions(v.product.options), Array.isArray(v.optionValues) ? v.optionValues.map(String) : [])),
      slug: v.product.slug,
      stock: v.stock!,
      allowBackorder: v.allowBackorder,
      active: v.product.active,
      sku: v.sku,
    })),
  ];
  return items.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name)).slice(0, 100);
}

export const STOCK_CSV_HEADER = ["sku", "name", "slug", "kind", "stock", "allow_backorder", "lead_time_min_days", "lead_time_max_days", "sold", "active"];

/**
 * Every product's kind, count and lead time (its own, or the shop's default), one CSV row each, by
 * name; a product with variants has one row per variant instead (its SKU, "Name — Size: 8 mm").
 */
export async function stockCsv(): Promise<string> {
  const rows = await prisma.product.findMany({
    select: {
      id: true,
      name: true,
      slug: true,
      ...PRODUCT_STOCK_FIELDS,
      options: true,
      variants: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { sku: true, optionValues: true, ...STOCK_FIELDS } },
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  let csv = csvRow(STOCK_CSV_HEADER);
  for (const p of rows) {
    const counts = p.variants.length
      ? p.variants.map((v) => ({ ...v, uniqueItem: false, sold: false, name: lineName(p.name, variantLabel(readOptions(p.options), Array.isArray(v.optionValues) ? v.optionValues.map(String) : [])) }))
      : [{ ...p, sku: `MM-${p.id}` }];
    for (const c of counts) {
      const kind = productKind(c);
      const lead = kind === "one_of_a_kind" || (kind === "in_stock" && !c.allowBackorder) ? null : leadTime(c);
      csv += csvRow([
        c.sku,
        c.name,
        p.slug,
        PRODUCT_KIND_LABELS[kind],
        c.stock,
        c.allowBackorder ? "yes" : "no",
        lead?.min,
        lead?.max,
        kind === "one_of_a_kind" ? (c.sold ? "yes" : "no") : "",
        p.active ? "yes" : "no",
      ]);
    }
  }
  return csv;
}
