import "server-only";
import { prisma } from "@/lib/db";
import { orderWithItems } from "@/lib/orders/order-row";
import { orderStatement, type OrderStatement } from "@/lib/orders/statement";

/** The statements of many orders (the CSV export), by order id: read with the records lib/orders/statement.ts needs. */
export async function loadOrderStatements(orderIds: number[]): Promise<Map<number, OrderStatement>> {
  if (!orderIds.length) return new Map();
  const orders = await prisma.order.findMany({ where: { id: { in: orderIds } }, include: orderWithItems });
  return new Map(orders.map((o) => [o.id, orderStatement(o)]));
}
