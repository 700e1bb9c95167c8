import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";

/**
 * Counted stock, claimed like a one-of-a-kind piece (lib/inventory/pieces.ts): in the order's
 * transaction, the counted row locked, a conditional decrement (`stock >= quantity`, never below 0:
 * the database's `Product_stock_check` / `ProductVariant_stock_check` is the net). A count on
 * backorder gives what it has and the rest ships in its lead time. Made-to-order lines only count
 * the sale.
 *
 * One rule for both kinds of counted row: a product's own count, or one variant's
 * (lib/catalog/variants.ts), which is claimed, returned and taken again on the variant's row alone,
 * independently of its siblings (the sale is still counted on the product).
 *
 * These functions move counts and say what moved; what an order took is its own record
 * (lib/orders/holdings.ts writes it on the order's timeline and reads it back), so this folder never
 * imports the orders'.
 */
type Tx = Prisma.TransactionClient;
/** Units an order took from a count: the product's own, or its variant's (`variantId`). */
export type StockTaken = { productId: number; variantId?: number; name: string; quantity: number };

/** The counted row of a line: the variant's when the line names one, else the product's. */
type Counted = { productId: number; variantId?: number | null };

/**
 * Locks the line's counted row (see claimStock) and reads its count; null when there is no such row.
 * A variant's product row is locked first: the sale is counted on the product afterwards, and two
 * orders for sibling variants must take the rows in one order (product, then variant) or deadlock.
 */
async function lockCount(tx: Tx, line: Counted): Promise<{ stock: number | null; allowBackorder: boolean; uniqueItem: boolean } | null> {
  if (line.variantId) await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${line.productId} FOR NO KEY UPDATE`;
  const rows = line.variantId
    ? await tx.$queryRaw<Array<{ stock: number | null; allowBackorder: boolean; uniqueItem: boolean }>>`
        SELECT "stock", "allowBackorder", false AS "uniqueItem" FROM "ProductVariant" WHERE "id" = ${line.variantId} AND "productId" = ${line.productId} FOR NO KEY UPDATE`
    : await tx.$queryRaw<Array<{ stock: number | null; allowBackorder: boolean; uniqueItem: boolean }>>`
        SELECT "stock", "allowBackorder", "uniqueItem" FROM "Product" WHERE "id" = ${line.productId} FOR NO KEY UPDATE`;
  return rows[0] ?? null;
}

/** The conditional change of a line's count: `by` units off (negative: back on) when at least `atLeast` are there; true when written. */
async function moveCount(tx: Tx, line: Counted, by: number, atLeast: number | null): Promise<boolean> {
  const stock = atLeast === null ? { not: null } : { gte: atLeast };
  const data = by >= 0 ? { stock: { decrement: by } } : { stock: { increment: -by } };
  const { count } = line.variantId
    ? await tx.productVariant.updateMany({ where: { id: line.variantId, productId: line.productId, stock }, data })
    : await tx.product.updateMany({ where: { id: line.productId, stock }, data });
  return count === 1;
}

/** The outcome of claiming one line: taken (units from the count; 0 for made to order), or short with what is left. */
export type StockClaim = { ok: true; taken: number } | { ok: false; left: number };

/**
 * Checkout, for a line that is not one-of-a-kind: counts the sale and, for an
 * in-stock product, takes the units. Refused (nothing written) when the count
 * is short and backorder is not allowed.
 */
export async function claimStock(tx: Tx, productId: number, quantity: number, variantId: number | null = null): Promise<StockClaim> {
  // FOR NO KEY UPDATE, the lock an UPDATE takes: the order's own lines already hold a key-share lock on
  // this row (their foreign key), which FOR UPDATE would wait on — two checkouts then deadlock.
  const line = { productId, variantId };
  const row = await lockCount(tx, line);
  if (!row || row.uniqueItem) return { ok: false, left: 0 };
  const countSale = () => tx.product.update({ where: { id: productId }, data: { salesCount: { increment: quantity } } });
  if (row.stock === null) {
    await countSale();
    return { ok: true, taken: 0 };
  }
  if (row.stock < quantity && !row.allowBackorder) return { ok: false, left: row.stock };
  const taken = Math.min(row.stock, quantity);
  if (!(await moveCount(tx, line, taken, taken))) return { ok: false, left: row.stock };
  await countSale();
  return { ok: true, taken };
}

/** Lines in the order rows are locked in everywhere (product, then variant), so two transactions wait rather than deadlock. */
const byRow = (a: Counted, b: Counted) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0);

/** A line's count now, with its product's slug (null when the row is gone). */
async function readCount(tx: Tx, line: Counted): Promise<{ stock: number | null; slug: string; sku: string | null } | null> {
  if (!line.variantId) {
    const product = await tx.product.findUnique({ where: { id: line.productId }, select: { stock: true, slug: true } });
    return product && { ...product, sku: null };
  }
  const variant = await tx.productVariant.findFirst({ where: { id: line.variantId, productId: line.productId }, select: { stock: true, sku: true, product: { select: { slug: true } } } });
  return variant && { stock: variant.stock, slug: variant.product.slug, sku: variant.sku };
}

/**
 * Units an order let go go back to their counts (a product no longer counted is left alone), each
 * with an audit row giving `reason`. Returns the lines returned and the slugs whose availability changed.
 */
export async function returnStock(tx: Tx, lines: StockTaken[], reason: string): Promise<{ returned: StockTaken[]; slugs: string[] }> {
  const returned: StockTaken[] = [];
  const slugs: string[] = [];
  for (const line of [...lines].sort(byRow)) {
    const before = await readCount(tx, line);
    if (!before || before.stock === null) continue;
    if (!(await moveCount(tx, line, -line.quantity, null))) continue;
    returned.push(line);
    slugs.push(before.slug);
    // A variant's count is kept in the audit row under its SKU.
    const [was, now] =
      before.sku === null
        ? [{ stock: before.stock }, { stock: before.stock + line.quantity }]
        : [{ variantStock: { [before.sku]: before.stock } }, { variantStock: { [before.sku]: before.stock + line.quantity } }];
    await recordAudit({ entityType: "product", entityId: line.productId, action: "update", before: was, after: { ...now, stockReason: reason } }, tx);
  }
  return { returned, slugs };
}

/**
 * The units an order returned, taken again with the same conditional decrement as checkout; a count
 * now short refuses (409), naming the order, the product and what is left. Returns the changed slugs.
 */
export async function reclaimStock(tx: Tx, lines: StockTaken[], orderNumber: string): Promise<string[]> {
  const slugs: string[] = [];
  for (const line of [...lines].sort(byRow)) {
    const counted = await readCount(tx, line);
    if (!counted || counted.stock === null) continue;
    if (!(await moveCount(tx, line, line.quantity, line.quantity))) {
      throw new AppError("conflict", `Order ${orderNumber} cannot be re-opened: it needs ${line.quantity} of “${line.name}” and only ${counted.stock} ${counted.stock === 1 ? "is" : "are"} left.`);
    }
    slugs.push(counted.slug);
  }
  return slugs;
}
