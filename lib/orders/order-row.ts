import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/db";

/** An order as the services read it: with its lines in order. */
export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";
export const orderWithItems = {
  items: { orderBy: { id: "asc" } },
  // What a refund can return of the gift cards it bought (lib/gift-cards/rules.ts boughtCardsRefund).
  giftCardsBought: { select: { id: true, code: true, orderItemId: true, initialAmount: true, balance: true, refundId: true, refundedAmount: true }, orderBy: { id: "asc" } },
  // A commission's order: the quote it paid, and its commission.
  commissionQuote: { select: { id: true, commission: { select: { id: true, reference: true } } } },
  // Card payments after the first (a commission's balance).
  payments: { select: { paymentIntentId: true, amount: true, captured: true, createdAt: true }, orderBy: { id: "asc" } },
  // What lib/orders/statement.ts reads besides the order's columns: the gift cards that paid it or were refunded to, and its refunds.
  giftCardMovements: { where: { kind: { in: ["redeemed", "refunded"] } }, select: { kind: true, amount: true, giftCard: { select: { code: true } } }, orderBy: { id: "asc" } },
  refunds: { select: { id: true, amount: true, giftCardAmount: true, status: true, createdAt: true }, orderBy: { id: "asc" } },
} satisfies Prisma.OrderInclude;
export type OrderWithItems = Prisma.OrderGetPayload<{ include: typeof orderWithItems }>;
export type Tx = Prisma.TransactionClient;

/** Transactions that lock an order wait for one another (a refund in flight holds the row briefly). */
export const ORDER_TX_OPTIONS = { maxWait: 20_000, timeout: 30_000 };

/** Locks the order's row for the rest of the transaction and reads it with its lines. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderWithItems> {
  const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  if (!locked.length) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return tx.order.findUniqueOrThrow({ where: { id: orderId }, include: orderWithItems });
}
