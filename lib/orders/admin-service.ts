import "server-only";
import type { OrderWithItems } from "@/lib/checkout/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { orderFilterSchema, orderStatusSchema, type OrderFilter, type OrderStatusValue } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { parseOrThrow } from "@/lib/validation";

/** The admin's order operations (dashboard, orders page, GET/PATCH/DELETE /api/orders…). */
export type OrderDTO = ReturnType<typeof toOrderDTO>;

export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";

const withItems = { items: { orderBy: { id: "asc" } } } satisfies Prisma.OrderInclude;

const isMissingRow = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";

/** Orders newest first, optionally one status only; `limit` for the dashboard's recent orders. */
export async function listOrders(opts: { status?: OrderFilter; limit?: number } = {}): Promise<OrderDTO[]> {
  const status = parseOrThrow(orderFilterSchema, opts.status ?? "all");
  const orders: OrderWithItems[] = await prisma.order.findMany({
    where: status === "all" ? {} : { status },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit && opts.limit > 0 ? Math.floor(opts.limit) : undefined,
    include: withItems,
  });
  return orders.map(toOrderDTO);
}

export async function getOrder(id: number | string): Promise<OrderDTO> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const order = await prisma.order.findUnique({ where: { id: orderId }, include: withItems });
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return toOrderDTO(order);
}

/** Any status to any other (spec §4): no transition rules, no side effects on stock or payment. */
export async function updateOrderStatus(id: number | string, status: OrderStatusValue): Promise<OrderDTO> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const next = parseOrThrow(orderStatusSchema, status);
  try {
    const order = await prisma.order.update({ where: { id: orderId }, data: { status: next }, include: withItems });
    return toOrderDTO(order);
  } catch (error) {
    if (isMissingRow(error)) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
    throw error;
  }
}

/** Deletes an order and its lines; its checkout record stays (unlinked) and sold pieces stay sold. */
export async function deleteOrder(id: number | string): Promise<{ id: number; deleted: true }> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  try {
    await prisma.order.delete({ where: { id: orderId } });
  } catch (error) {
    if (isMissingRow(error)) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
    throw error;
  }
  return { id: orderId, deleted: true };
}
