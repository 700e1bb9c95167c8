import "server-only";
import type { Prisma } from "@/lib/db";
import { decimalToCents } from "@/lib/money";
import type { toOrderDTO } from "@/lib/orders/dto";

/** A refund as it is stored (the Refund table's row) and as the API answers it. */

export type RefundDTO = {
  id: number;
  amount: string;
  reason: string;
  internalNote: string | null;
  lineIds: number[];
  provider: string;
  providerRefundId: string | null;
  paymentIntentId: string | null;
  status: string;
  createdAt: string;
};
/** `refund` is the first (or only) row; a refund spread over an order's payments (a deposit and its balance) has one row per payment in `refunds`, and `amount` their sum. */
export type RefundResult = { refund: RefundDTO; refunds: RefundDTO[]; amount: string; order: ReturnType<typeof toOrderDTO>; replayed: boolean; message: string };

export type RefundRow = Prisma.RefundGetPayload<object>;
export type Payment = { orderId: number; createdAt: Date; paymentIntentId: string; provider: string };
export type RefundRequest = { key: string; fingerprint: string };

/** A refund still pending after this long is checked against the provider. */
export const STALE_REFUND_MS = 5 * 60_000;
/** How long an identical request waits for the first one to settle. */
export const SETTLE_WAIT_MS = 10_000;
export const SETTLE_POLL_MS = 100;

export const toRefundDTO = (r: RefundRow): RefundDTO => ({
  id: r.id,
  amount: r.amount.toFixed(2),
  reason: r.reason,
  internalNote: r.internalNote,
  lineIds: (r.lineIds as number[]) ?? [],
  provider: r.provider,
  providerRefundId: r.providerRefundId,
  paymentIntentId: r.paymentIntentId,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

export const sumOf = (rows: ReadonlyArray<{ amount: Prisma.Decimal }>) => rows.reduce((sum, r) => sum + decimalToCents(r.amount), 0);
