import "server-only";
import { lineName } from "@/lib/catalog/variants";
import { timingSafeEqual, createHash } from "node:crypto";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ORDER_NOT_FOUND_PUBLIC, orderLookupSchema, type OrderLookupInput, type PublicOrderStatus } from "@/lib/orders/lookup-schemas";
import { trackingUrl } from "@/lib/orders/shipping";
import { orderShipsEstimate } from "@/lib/orders/promise";
import { orderStatement, statementRows } from "@/lib/orders/statement";
import { parseOrThrow } from "@/lib/validation";

const digest = (text: string) => createHash("sha256").update(text.trim().toLowerCase()).digest();

/**
 * The shopper's view of one order: only with the order number AND the email
 * used at checkout. A wrong pair — unknown number, or the wrong email — gets
 * the very same 404 message, so nobody can learn which order numbers exist
 * (the route also rate-limits every lookup).
 *
 * Nor by timing: the email is compared first, on one query by the order
 * number that reads nothing but the email (an unknown number is compared
 * against a stand-in, in constant time either way), and the order's items and
 * events are loaded only for the right pair. Loading them before the
 * comparison made a wrong email on a real order measurably slower than a
 * number that does not exist.
 */
export async function lookupOrderStatus(raw: OrderLookupInput): Promise<PublicOrderStatus> {
  const input = parseOrThrow(orderLookupSchema, raw);
  const found = await prisma.order.findUnique({ where: { orderNumber: input.orderNumber.toUpperCase() }, select: { id: true, email: true } });
  const matches = timingSafeEqual(digest(found?.email ?? "no order"), digest(input.email)) && found !== null;
  if (!found || !matches) throw new AppError("not_found", ORDER_NOT_FOUND_PUBLIC);
  const order = await prisma.order.findUnique({
    where: { id: found.id },
    select: {
      orderNumber: true,
      status: true,
      createdAt: true,
      carrier: true,
      trackingNumber: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          productName: true,
          variantLabel: true,
          quantity: true,
          ships: true,
          shipsMinDays: true,
          shipsMaxDays: true,
          price: true,
          total: true,
          discount: true,
          tax: true,
          refunded: true,
        },
      },
      // The order's money (lib/orders/statement.ts): its columns, gift cards, later payments and refunds.
      subtotal: true,
      shipping: true,
      tax: true,
      discount: true,
      discountCode: true,
      giftCardAmount: true,
      total: true,
      balanceDue: true,
      refundedAmount: true,
      payments: { orderBy: { id: "asc" }, select: { paymentIntentId: true, amount: true, captured: true } },
      giftCardMovements: { where: { kind: { in: ["redeemed", "refunded"] } }, orderBy: { id: "asc" }, select: { kind: true, amount: true, giftCard: { select: { code: true } } } },
      refunds: { orderBy: { id: "asc" }, select: { id: true, amount: true, giftCardAmount: true, status: true, createdAt: true } },
      events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { type: true, detail: true, createdAt: true } },
    },
  });
  if (!order) throw new AppError("not_found", ORDER_NOT_FOUND_PUBLIC); // deleted in between

  const milestones: PublicOrderStatus["milestones"] = [{ key: "placed", label: "Order placed", at: order.createdAt.toISOString() }];
  const seen = new Set<string>();
  for (const e of order.events) {
    const d = (e.detail ?? {}) as Record<string, unknown>;
    const at = e.createdAt.toISOString();
    // A commission with a deposit: the deposit, then the balance by its own link.
    if (e.type === "paid" && d.balance && !seen.has("balance_paid")) milestones.push({ key: "balance_paid", label: `Balance of $${String(d.amount)} received`, at });
    else if (e.type === "paid" && !d.balance && !seen.has("paid"))
      milestones.push({ key: "paid", label: d.balanceDue ? `Deposit of $${String(d.amount)} received; balance of $${String(d.balanceDue)} due when the piece is ready` : "Payment received", at });
    else if (e.type === "status_changed" && d.to === "shipped" && !seen.has("shipped")) milestones.push({ key: "shipped", label: "Shipped", at });
    else if (e.type === "status_changed" && d.to === "delivered" && !seen.has("delivered")) milestones.push({ key: "delivered", label: "Delivered", at });
    else if (e.type === "status_changed" && d.to === "cancelled" && !seen.has("cancelled")) milestones.push({ key: "cancelled", label: "Cancelled", at });
    else if (e.type === "refunded") milestones.push({ key: "refunded", label: `Refunded $${String(d.amount)}`, at });
    else continue;
    seen.add(milestones[milestones.length - 1].key);
  }
  const left = order.status === "shipped" || order.status === "delivered" || order.status === "cancelled";
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    placedAt: order.createdAt.toISOString(),
    milestones,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    // A line's promise ("Ships in 1–2 days") is said only while the order has not left (nor been cancelled).
    items: order.items.map((i) => ({ name: lineName(i.productName, i.variantLabel), quantity: i.quantity, ships: left ? null : i.ships })),
    ships: left ? null : orderShipsEstimate(order.items),
    money: statementRows(orderStatement(order)).map(({ key, label, text, strong }) => ({ key, label, text, ...(strong ? { strong } : {}) })),
  };
}
