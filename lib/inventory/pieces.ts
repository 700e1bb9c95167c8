import "server-only";
import { recordAudit } from "@/lib/audit/service";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";

/**
 * Who holds a one-of-a-kind piece: the one rule behind "never sold twice".
 *
 * A sold piece records the order that holds it (`Product.soldOrderId`, kept
 * only while `sold`: a database check). Checkout claims a piece for its new
 * order with a conditional update (unsold → sold, held by that order); only the
 * holding order can put it back on sale; an order re-opened after it let its
 * pieces go claims them again the same way, or is refused naming the order that
 * now holds one. Every step runs in the caller's transaction, under the
 * order's row lock where there is an order. What moved is returned; the order's timeline is
 * written by lib/orders/holdings.ts.
 */
type Tx = Prisma.TransactionClient;
export type OrderLines = {
  id: number;
  orderNumber: string;
  total: Prisma.Decimal;
  refundedAmount: Prisma.Decimal;
  items: Array<{ productId: number | null; productName: string; refunded: boolean }>;
};
/** A piece released or claimed again: its slug for cache expiry, its name for the order's timeline. */
export type Piece = { id: number; slug: string; name: string };

/**
 * Checkout: marks the piece sold and held by the new order; false when it is
 * sold already, hidden, or no longer one-of-a-kind (the caller rolls back).
 */
export async function claimPieceForOrder(tx: Tx, orderId: number, productId: number): Promise<boolean> {
  const claimed = await tx.product.updateMany({
    where: { id: productId, uniqueItem: true, sold: false, active: true },
    data: { sold: true, soldOrderId: orderId, salesCount: { increment: 1 } },
  });
  return claimed.count === 1;
}

const productIds = (order: OrderLines, opts: { skipRefunded?: boolean } = {}) => [
  ...new Set(
    order.items
      .filter((i) => !(opts.skipRefunded && i.refunded))
      .map((i) => i.productId)
      .filter((id): id is number => id !== null),
  ),
];

/**
 * Cancelled with "put back on sale": the pieces this order still holds go back
 * in the shop (unsold, out of the gallery). A piece another order holds now, or
 * one the maker marked sold by hand, is left alone. Returns the pieces
 * released (the caller records them on the order's timeline).
 */
export async function releaseHeldPieces(tx: Tx, order: OrderLines): Promise<Piece[]> {
  const ids = productIds(order);
  if (!ids.length) return [];
  const held = await tx.product.findMany({ where: { id: { in: ids }, uniqueItem: true, sold: true, soldOrderId: order.id }, select: { id: true, slug: true, name: true }, orderBy: { id: "asc" } });
  // One conditional update per piece, in id order: only what this order still holds at the update is released and recorded.
  const pieces: typeof held = [];
  for (const piece of held) {
    const { count } = await tx.product.updateMany({ where: { id: piece.id, soldOrderId: order.id }, data: { sold: false, soldOrderId: null, showInGallery: false } });
    if (count === 1) pieces.push(piece);
  }
  for (const p of pieces) {
    await recordAudit({ entityType: "product", entityId: p.id, action: "update", before: { sold: true, soldOrderId: order.id }, after: { sold: false, soldOrderId: null } }, tx);
  }
  return pieces.map(({ id, slug, name }) => ({ id, slug, name }));
}

/**
 * A cancelled order made live again: each of its one-of-a-kind pieces (lines
 * not refunded; none when the whole order was refunded) must be held by it. A piece it let go is claimed again when it
 * is still unsold; one that another order holds, or that is marked sold by
 * hand, refuses the change with a message naming the piece and the holder.
 * Returns the pieces claimed again (they leave the shop; the caller records them on the order's timeline).
 */
export async function reclaimHeldPieces(tx: Tx, order: OrderLines): Promise<Piece[]> {
  // An order refunded in full paid for nothing: re-opening it does not take pieces off sale.
  if (order.refundedAmount.greaterThanOrEqualTo(order.total)) return [];
  const ids = productIds(order, { skipRefunded: true });
  if (!ids.length) return [];
  const pieces = await tx.product.findMany({
    where: { id: { in: ids }, uniqueItem: true },
    select: { id: true, slug: true, name: true, sold: true, soldOrderId: true, soldOrder: { select: { orderNumber: true } } },
    orderBy: { id: "asc" },
  });
  const reclaimed: typeof pieces = [];
  for (const piece of pieces) {
    if (piece.soldOrderId === order.id) continue;
    const claimed = await tx.product.updateMany({ where: { id: piece.id, uniqueItem: true, sold: false }, data: { sold: true, soldOrderId: order.id } });
    if (claimed.count === 1) {
      reclaimed.push(piece);
      continue;
    }
    const holder = await tx.product.findUniqueOrThrow({ where: { id: piece.id }, select: { soldOrder: { select: { orderNumber: true } } } });
    const by = holder.soldOrder ? `order ${holder.soldOrder.orderNumber} now holds it` : "it is marked sold in the catalogue";
    throw new AppError("conflict", `Order ${order.orderNumber} cannot be re-opened: “${piece.name}” went back on sale when it was cancelled, and ${by}.`);
  }
  for (const p of reclaimed) {
    await recordAudit({ entityType: "product", entityId: p.id, action: "update", before: { sold: false, soldOrderId: null }, after: { sold: true, soldOrderId: order.id } }, tx);
  }
  return reclaimed.map(({ id, slug, name }) => ({ id, slug, name }));
}
