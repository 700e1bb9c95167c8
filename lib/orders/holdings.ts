import "server-only";
import type { Prisma } from "@/lib/db";
import { reclaimHeldPieces, releaseHeldPieces, type OrderLines } from "@/lib/inventory/pieces";
import { reclaimStock, returnStock, type StockTaken } from "@/lib/inventory/counts";
import { appendOrderEvent } from "@/lib/orders/timeline";

/**
 * What an order holds of the shop's inventory, on its timeline: the one-of-a-kind pieces it holds
 * (lib/inventory/pieces.ts) and the units it took from counts (lib/inventory/counts.ts). The timeline
 * is the ledger: checkout records what the new order took (`stock_claimed`), so "put back on sale"
 * returns exactly those units (`stock_returned`) and re-opening the order takes them again
 * (`stock_reclaimed`) or is refused; pieces let go and claimed again are recorded the same way.
 */
type Tx = Prisma.TransactionClient;
export type { StockTaken };

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
  const lines = ((event.detail as { lines?: StockTaken[] }).lines ?? []).filter(
    (l) => Number.isInteger(l.productId) && Number.isInteger(l.quantity) && l.quantity > 0 && (l.variantId === undefined || Number.isInteger(l.variantId)),
  );
  return { type: event.type, lines };
}

/**
 * Cancelled with "put back on sale": the pieces this order still holds go back in the shop (a piece
 * another order holds now, or one the maker marked sold by hand, is left alone). Returns their slugs.
 */
export async function releaseOrderPieces(tx: Tx, order: OrderLines): Promise<string[]> {
  const pieces = await releaseHeldPieces(tx, order);
  if (pieces.length) await appendOrderEvent(tx, order.id, "put_back_on_sale", { products: pieces.map((p) => p.name) });
  return pieces.map((p) => p.slug);
}

/** A cancelled order made live again claims its pieces again, or is refused naming the holder. Returns their slugs. */
export async function reclaimOrderPieces(tx: Tx, order: OrderLines): Promise<string[]> {
  const pieces = await reclaimHeldPieces(tx, order);
  if (pieces.length) await appendOrderEvent(tx, order.id, "pieces_reclaimed", { products: pieces.map((p) => p.name) });
  return pieces.map((p) => p.slug);
}

/**
 * Cancelled with "put back on sale": the units this order took go back to their products' counts (a
 * product no longer counted is left alone). Returns the slugs whose availability changed, for cache expiry.
 */
export async function returnOrderStock(tx: Tx, orderId: number): Promise<string[]> {
  const held = await latestStockEvent(tx, orderId);
  if (!held || held.type === "stock_returned") return [];
  const { returned, slugs } = await returnStock(tx, held.lines, `Order ${orderId} cancelled, put back on sale`);
  if (returned.length) await appendOrderEvent(tx, orderId, "stock_returned", { lines: returned });
  return slugs;
}

/**
 * A cancelled order made live again takes back the units it returned, each with the same conditional
 * decrement as checkout; a count now short refuses the change, naming the product and what is left.
 * Returns the changed slugs.
 */
export async function reclaimOrderStock(tx: Tx, order: { id: number; orderNumber: string }): Promise<string[]> {
  const held = await latestStockEvent(tx, order.id);
  if (!held || held.type !== "stock_returned") return [];
  const slugs = await reclaimStock(tx, held.lines, order.orderNumber);
  await appendOrderEvent(tx, order.id, "stock_reclaimed", { lines: held.lines });
  return slugs;
}
