import "server-only";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents, decimalToCents } from "@/lib/money";
import type { OrderRefundInput } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { ORDER_NOT_FOUND_MESSAGE, type OrderWithItems } from "@/lib/orders/order-row";
import { toRefundDTO, sumOf, type Payment, type RefundResult, type RefundRow } from "@/lib/orders/refund-row";
import { settleRefund } from "@/lib/orders/refund-record-service";
import { refundablePayment, refundRequest, claimRefund, awaitSettled, replayedRefund, succeededRows, dropUnsentParts } from "@/lib/orders/refund-request-service";
import { refundAtProvider, reconcileStaleRefunds } from "@/lib/orders/refund-provider-service";

/**
 * Refunds: money returned through the provider that took the payment, and
 * every cent of it on record. A refund is a row of the Refund table, created
 * `pending` (under the order's lock, so two requests cannot return the same
 * money twice) by the one request that then calls the provider; it becomes
 * `succeeded` with the provider's refund id, or is dropped when the provider
 * refused it. An identical request finds that row and waits for it; a row left
 * pending (a process that died mid-call) is checked against the provider after
 * STALE_REFUND_MS and settled or dropped, never counted "in flight" for ever.
 *
 * A refund, in named steps: the request validated and claimed — what is left to refund read from the
 * order (refund-amounts.ts), pending rows written under its lock (refund-request-service.ts) — then the
 * provider's refund (refund-provider-service.ts), then the refund on record with its email
 * (refund-record-service.ts). The stored row and its API form: refund-row.ts.
 */

/**
 * POST /api/orders/{id}/refund: the whole remaining amount, chosen lines, or
 * an amount, through the provider that took the payment. The same request
 * (same client key, or same content when the client sends no key) returns the
 * first refund with `replayed: true` and moves no money.
 */
export async function refundOrder(id: number | string, input: OrderRefundInput, opts: { cancelling?: boolean } = {}): Promise<RefundResult> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const payment = await refundablePayment(orderId);
  const request = refundRequest(payment, input);
  await reconcileStaleRefunds({ orderId });
  const claim = await claimRefund(payment, input, request);
  if (!claim.toSend.length) return replayedRefund(orderId, await Promise.all(claim.rows.map(awaitSettled)));
  const order = await sendClaimedRefund(payment, claim, { notify: !opts.cancelling });
  return refundedResult(await succeededRows(claim.rows), order);
}

/**
 * One provider refund per payment the claim returns money to (a deposit and its balance), each under its
 * own key, each recorded as it succeeds. A part that fails stops the rest: the parts not sent are dropped,
 * so the same request sent again refunds what is left; the answer names what was refunded already.
 */
async function sendClaimedRefund(payment: Payment, claim: { rows: RefundRow[]; toSend: RefundRow[] }, opts: { notify: boolean }): Promise<OrderWithItems> {
  let order: OrderWithItems | null = null;
  for (const [i, row] of claim.toSend.entries()) {
    try {
      const providerRefund = await refundAtProvider(payment, row);
      order = (await settleRefund(row, providerRefund.id, opts)).order;
    } catch (error) {
      // The parts not sent yet never reached the provider: dropped now, so the same request sent again refunds the rest.
      await dropUnsentParts(claim.toSend.slice(i + 1));
      const done = await succeededRows(claim.rows);
      if (!done.length || !(error instanceof AppError)) throw error;
      throw new AppError(
        "conflict",
        `Refunded ${formatMoney(sumOf(done))} of ${formatMoney(decimalToCents(claim.rows[0].requestAmount ?? claim.rows[0].amount))}; the rest could not be: ${error.message} Send the same refund again to refund the rest.`,
      );
    }
  }
  return order!;
}

/** The answer to a refund that moved money: its rows, their sum, the order as it is now. */
function refundedResult(rows: RefundRow[], order: OrderWithItems): RefundResult {
  const amount = sumOf(rows);
  return { refund: toRefundDTO(rows[0]), refunds: rows.map(toRefundDTO), amount: fromCents(amount), order: toOrderDTO(order), replayed: false, message: `Refunded ${formatMoney(amount)}.` };
}

// The rest of the refunds' API, where the order service, routes, webhooks and upkeep have always found it.
export { awaitOrderRefunds } from "@/lib/orders/refund-request-service";
export { FULLY_REFUNDED_MESSAGE, NOTHING_LEFT_MESSAGE } from "@/lib/orders/refund-amounts";
export { orderIdOfPayment, reconcileStaleRefunds, recordProviderRefund } from "@/lib/orders/refund-provider-service";
export { STALE_REFUND_MS, type RefundDTO, type RefundResult } from "@/lib/orders/refund-row";
