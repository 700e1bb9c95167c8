import "server-only";
import { actingAdmin } from "@/lib/audit/context";
import type { Prisma } from "@/lib/db";

/**
 * The order timeline: one row per thing that happened to an order (created,
 * paid, each status change, each email, refunds, disputes), with who did it —
 * the acting admin, or "system" (checkout) / "webhook" (the payment provider).
 * Appended only by lib/orders and the checkout's finalizeOrder.
 */
export type OrderEventType =
  | "created"
  | "paid"
  | "payment_pending"
  | "payment_failed"
  | "status_changed"
  | "email_sent"
  | "email_failed"
  | "refunded"
  | "dispute_opened"
  | "put_back_on_sale"
  | "pieces_reclaimed"
  | "refund_reconciled"
  | "stock_claimed"
  | "stock_returned"
  | "stock_reclaimed"
  | "discount_released"
  | "discount_reclaimed"
  | "tax_recorded"
  | "tax_record_failed"
  | "tax_reversed"
  | "tax_reversal_failed"
  | "gift_cards_disabled"
  | "gift_cards_enabled"
  | "gift_cards_refunded"
  | "gift_cards_restored"
  | "commission_reopened"
  | "commission_accepted"
  | "commission_refunded"
  | "balance_recorded"
  | "archived"
  | "label_bought"
  | "label_voided"
  | "label_refund"
  | "tracking_updated"
  | "tracking_exception";
export type OrderEventActor = "admin" | "system" | "webhook";

/**
 * Appends one event, through the caller's transaction (or the client itself,
 * for an event outside one). With `onceKey` the event is recorded at most once per
 * order (a unique index): returns false when it already was — the caller's
 * side effect (an email) then does not run again.
 */
export async function appendOrderEvent(
  db: Prisma.TransactionClient,
  orderId: number,
  type: OrderEventType,
  detail: Record<string, unknown> = {},
  opts: { actor?: OrderEventActor; onceKey?: string } = {},
): Promise<boolean> {
  const admin = actingAdmin();
  const actor = opts.actor ?? (admin ? "admin" : "system");
  const { count } = await db.orderEvent.createMany({
    data: [{ orderId, type, detail: detail as Prisma.InputJsonObject, actor, adminUserId: actor === "admin" ? (admin?.id ?? null) : null, onceKey: opts.onceKey ?? null }],
    skipDuplicates: true,
  });
  return count === 1;
}

export type OrderEventDTO = { id: number; type: OrderEventType; detail: Record<string, unknown>; actor: OrderEventActor; adminName: string | null; createdAt: string };
