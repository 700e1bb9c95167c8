import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { appendOrderEvent } from "@/lib/orders/timeline";

/**
 * Counted stock (issue 29), claimed like a one-of-a-kind piece
 * (lib/orders/pieces.ts): in the order's transaction, the product's row locked,
 * a conditional decrement (`stock >= quantity`, never below 0: the database's
 * `Product_stock_check` is the net). A product on backorder gives what it has
 * and the rest ships in its lead time. What an order took is recorded on its
 * timeline (`stock_claimed`), so "put back on sale" returns exactly those units
 * (`stock_returned`) and re-opening the order takes them again (`stock_reclaimed`)
 * or is refused. Made-to-order lines only count the sale.
 */
type Tx = Prisma.TransactionClient;
export type StockTaken = { productId: number; name: string; quantity: number };

/** The outcome of claiming one line: taken (units from the count; 0 for made to order), or short with what is left. */
export type StockClaim = { ok: true; taken: number } | { ok: false; left: number };

/**
 * Checkout, for a line that is not one-of-a-kind: counts the sale and, for an
 * in-stock product, takes the units. Refused (nothing written) when the count
 * is short and backorder is not allowed.
 */
export async function claimStock(tx: Tx, productId: number, quantity: number): Promise<StockClaim> {
  // FOR NO KEY UPDATE, the lock an UPDATE takes: the order's own lines already hold a key-share lock on
  // this row (their foreign key), which FOR UPDATE would wait on — two checkouts then deadlock.
  const [row] = await tx.$queryRaw<Array<{ stock: number | null; allowBackorder: boolean; uniqueItem: boolean }>>`
    SELECT "stock", "allowBackorder", "uniqueItem" FROM "Product" WHERE "id" = ${productId} FOR NO KEY UPDATE`;
  if (!row || row.uniqueItem) return { ok: false, left: 0 };
  if (row.stock === null) {
    await tx.product.update({ where: { id: productId }, data: { salesCount: { increment: quantity } } });
    return { ok: true, taken: 0 };
  }
  if (row.stock < quantity && !row.allowBackorder) return { ok: false, left: row.stock };
  const taken = Math.min(row.stock, quantity);
  const { count } = await tx.product.updateMany({
    where: { id: productId, stock: { gte: taken } },
    data: { stock: { decrement: taken }, salesCount: { increment: quantity } },
  });
  return count === 1 ? { ok: true, taken } : { ok: false, left: row.stock };
}

/** Records what the new order took from the counts (its timeline is the ledger that put-back reads). */
export async function recordStockTaken(tx: Tx, orderId: number, lines: StockTaken[]) {
  const taken = lines.filter((l) => l.quantity > 0);
  if (taken.length) await appendOrderEvent(tx, orderId, "stock_claimed", { lines: taken }, { actor: "system" });
}

const STOCK_EVENTS = ["stock_claimed", "stock_returned", "stock_reclaimed"] as const;

/** The units the order holds now, or has let go: its latest stock event. */
async function latestStockEvent(tx: Tx, orderId: number) {
  const event = await tx.orderEvent.findFirst({ where: { orderId, type: { in: [...STOCK_EVENTS] } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { type: true, detail: true } });
  if (!event) return null;
  const lines = ((event.detail as { lines?: StockTaken[] }).lines ?? []).filter((l) => Number.isInteger(l.productId) && Number.isInteger(l.quantity) && l.quantity > 0);
  return { type: event.type, lines };
}

/**
 * Cancelled with "put back on sale": the units this order took go back to
 * their products' counts (a product no longer counted is left alone). Returns
 * the slugs whose availability changed, for cache expiry.
 */
export async function returnOrderStock(tx: Tx, orderId: number): Promise<string[]> {
  const held = await latestStockEvent(tx, orderId);
  if (!held || held.type === "stock_returned") return [];
  const returned: StockTaken[] = [];
  const slugs: string[] = [];
  for (const line of [...held.lines].sort((a, b) => a.productId - b.productId)) {
    const before = await tx.product.findUnique({ where: { id: line.productId }, select: { stock: true, slug: true } });
    if (!before || before.stock === null) continue;
    const { count } = await tx.product.updateMany({ where: { id: line.productId, stock: { not: null } }, data: { stock: { increment: line.quantity } } });
    if (count !== 1) continue;
    returned.push(line);
    slugs.push(before.slug);
    await recordAudit({ entityType: "product", entityId: line.productId, action: "update", before: { stock: before.stock }, after: { stock: before.stock + line.quantity, stockReason: `Order ${orderId} cancelled, put back on sale` } }, tx);
  }
  if (returned.length) await appendOrderEvent(tx, orderId, "stock_returned", { lines: returned });
  return slugs;
}

/**
 * A cancelled order made live again takes back the units it returned, each
 * with the same conditional decrement as checkout; a count now short refuses
 * the change, naming the product and what is left. Returns the changed slugs.
 */
export async function reclaimOrderStock(tx: Tx, order: { id: number; orderNumber: string }): Promise<string[]> {
  const held = await latestStockEvent(tx, order.id);
  if (!held || held.type !== "stock_returned") return [];
  const slugs: string[] = [];
  for (const line of [...held.lines].sort((a, b) => a.productId - b.productId)) {
    const product = await tx.product.findUnique({ where: { id: line.productId }, select: { stock: true, slug: true } });
    if (!product || product.stock === null) continue;
    const { count } = await tx.product.updateMany({ where: { id: line.productId, stock: { gte: line.quantity } }, data: { stock: { decrement: line.quantity } } });
    if (count !== 1) {
      throw new AppError("conflict", `Order ${order.orderNumber} cannot be re-opened: it needs ${line.quantity} of “${line.name}” and only ${product.stock} ${product.stock === 1 ? "is" : "are"} left.`);
    }
    slugs.push(product.slug);
  }
  await appendOrderEvent(tx, order.id, "stock_reclaimed", { lines: held.lines });
  return slugs;
}
