import "server-only";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { orderFilterSchema, type OrderFilter, type OrderStatusUpdate } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { ORDER_ARCHIVED_MESSAGE, movedMoney } from "@/lib/orders/archive";
import { lockOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { changeOrderStatus } from "@/lib/orders/service";
import { appendOrderEvent, type OrderEventActor, type OrderEventDTO, type OrderEventType } from "@/lib/orders/timeline";
import { parseOrThrow } from "@/lib/validation";

/** The admin's order operations (dashboard, orders page, GET/PATCH/DELETE /api/orders…). */
export type OrderDTO = ReturnType<typeof toOrderDTO>;

export { ORDER_NOT_FOUND_MESSAGE };
export const ORDER_REFUND_PENDING_MESSAGE = "A refund of this order is on its way to the payment provider. Try again once it is done.";

/** Orders newest first, optionally one status only (archived orders only under `archived`); `limit` for the dashboard's recent orders. */
export async function listOrders(opts: { status?: OrderFilter; limit?: number } = {}): Promise<OrderDTO[]> {
  const status = parseOrThrow(orderFilterSchema, opts.status ?? "all");
  const orders: OrderWithItems[] = await prisma.order.findMany({
    where: status === "archived" ? { archivedAt: { not: null } } : status === "all" ? { archivedAt: null } : { status, archivedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit && opts.limit > 0 ? Math.floor(opts.limit) : undefined,
    include: orderWithItems,
  });
  return orders.map(toOrderDTO);
}

export async function getOrder(id: number | string): Promise<OrderDTO> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const order = await prisma.order.findUnique({ where: { id: orderId }, include: orderWithItems });
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return toOrderDTO(order);
}

/** Any status to any other (spec §4); shipping, delivery and cancellation side effects live in lib/orders/service.ts. */
export async function updateOrderStatus(id: number | string, change: OrderStatusUpdate | OrderStatusUpdate["status"]): Promise<OrderDTO> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { archivedAt: true } });
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  // An archived order is a record of money that moved: no status change (and no email to its shopper).
  if (order.archivedAt) throw new AppError("conflict", ORDER_ARCHIVED_MESSAGE);
  return changeOrderStatus(id, typeof change === "string" ? { status: change } : change);
}

/** One order's timeline (the view dialog), oldest first. */
export async function getOrderTimeline(id: number | string): Promise<OrderEventDTO[]> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const rows = await prisma.orderEvent.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { adminUser: { select: { username: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    type: r.type as OrderEventType,
    detail: (r.detail ?? {}) as Record<string, unknown>,
    actor: r.actor as OrderEventActor,
    adminName: r.actor === "admin" ? (r.adminUser?.username ?? "deleted admin") : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * DELETE /api/orders/{id} and the orders list's delete: answers `{ id, deleted: true }` either way.
 * An order that moved money (lib/orders/archive.ts) is archived — kept with its payments, refunds and
 * gift-card movements, out of the lists, so the books, the audit log and a later provider webhook
 * still find it; asked again, it answers 404 as a deleted order does. An order that moved no money is
 * deleted with its lines; its checkout record stays (unlinked) and sold pieces stay sold.
 */
export async function deleteOrder(id: number | string): Promise<{ id: number; deleted: true }> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  await prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.archivedAt) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
    // A refund on its way to the provider must find its order when it comes back (or its money has no record).
    if (await tx.refund.count({ where: { orderId, status: "pending" } })) throw new AppError("conflict", ORDER_REFUND_PENDING_MESSAGE);
    const before = await auditSnapshot(async () => ({ orderNumber: order.orderNumber, email: order.email, status: order.status, total: order.total.toFixed(2) }));
    // A commission's balance link for it stops working (it would otherwise read as a quote of its own).
    await tx.commissionQuote.updateMany({ where: { balanceOrderId: orderId, status: "open" }, data: { status: "withdrawn" } });
    const [refunds, giftCardMovements] = await Promise.all([tx.refund.count({ where: { orderId } }), tx.giftCardMovement.count({ where: { orderId } })]);
    if (movedMoney({ ...order, payments: order.payments.length, refunds, giftCardMovements })) {
      const archivedAt = new Date();
      await tx.order.update({ where: { id: orderId }, data: { archivedAt } });
      await appendOrderEvent(tx, orderId, "archived", {});
      await recordAudit({ entityType: "order", entityId: orderId, action: "archive", before, after: { archivedAt: archivedAt.toISOString() } }, tx);
      return;
    }
    await tx.order.delete({ where: { id: orderId } });
    await recordAudit({ entityType: "order", entityId: orderId, action: "delete", before, after: null }, tx);
  }, ORDER_TX_OPTIONS);
  return { id: orderId, deleted: true };
}

/** Orders whose payment is disputed (charge.dispute.created), newest first: the dashboard's warning. */
export async function listDisputedOrders(limit = 10): Promise<Array<{ id: number; orderNumber: string; email: string; total: string; createdAt: string }>> {
  const rows = await prisma.order.findMany({
    where: { disputed: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, orderNumber: true, email: true, total: true, createdAt: true },
  });
  return rows.map((o) => ({ id: o.id, orderNumber: o.orderNumber, email: o.email, total: o.total.toFixed(2), createdAt: o.createdAt.toISOString() }));
}

/**
 * Orders whose card payment was not taken (lib/checkout/capture-service.ts), oldest first: the dashboard's
 * "needs doing". A failed capture waits for the maker to cancel it; an unknown one is being settled with the provider.
 */
export async function listUnpaidOrders(limit = 10): Promise<Array<{ id: number; orderNumber: string; email: string; total: string; capture: "unknown" | "failed"; createdAt: string }>> {
  const rows = await prisma.order.findMany({
    where: { capture: { in: ["unknown", "failed"] }, status: { not: "cancelled" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, orderNumber: true, email: true, total: true, capture: true, createdAt: true },
  });
  return rows.map((o) => ({ id: o.id, orderNumber: o.orderNumber, email: o.email, total: o.total.toFixed(2), capture: o.capture as "unknown" | "failed", createdAt: o.createdAt.toISOString() }));
}
