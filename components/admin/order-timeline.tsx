"use client";

import { useEffect, useState } from "react";
import { orderTimelineAction } from "@/lib/orders/actions";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDateTime, statusLabel } from "@/components/admin/format";
import type { OrderEventDTO } from "@/lib/orders/timeline";
import { carrierServiceLabel } from "@/lib/shipping/services";

const TEMPLATE_LABEL: Record<string, string> = {
  confirmation: "Order confirmation emailed to the shopper",
  new_order_notice: "New-order notice emailed to the workshop",
  shipped: "“Your order has shipped” emailed",
  delivered: "Delivery thank-you emailed",
  cancelled: "Cancellation emailed",
  refund: "Refund email sent",
  review_request: "Review request emailed to the buyer",
  gift_card: "Gift card code emailed to its recipient",
};

/** "3 × Cutting Board, 1 × Dowel Jig": the lines of a stock event (lib/orders/holdings.ts). */
function stockLines(detail: Record<string, unknown>): string {
  const lines = Array.isArray(detail.lines) ? (detail.lines as Array<{ name?: unknown; quantity?: unknown }>) : [];
  return lines.map((l) => `${Number(l.quantity)} × ${String(l.name)}`).join(", ");
}

/** One line of the timeline, in words. */
export function describeOrderEvent(e: Pick<OrderEventDTO, "type" | "detail">): string {
  const d = e.detail as Record<string, string | string[] | null | undefined>;
  switch (e.type) {
    case "created":
      return "Order placed";
    case "paid":
      return d.balance ? `Balance of $${d.amount} captured` : `Payment of $${d.amount} captured${d.balanceDue ? ` (deposit; balance of $${d.balanceDue} due)` : ""}`;
    case "payment_pending":
      return d.reason === "balance capture failed" ? "Balance authorised, capture failed: not taken" : "Payment authorised, capture pending";
    case "payment_failed":
      return `Card payment of $${d.amount} could not be captured${d.message ? ` (${d.message})` : ""}; ${d.released ? "the authorisation was released" : "the authorisation could not be released"}. The order cannot be shipped: cancel it or contact the shopper`;
    case "balance_recorded":
      return `Balance of $${d.amount} paid by the shopper's link`;
    case "status_changed":
      return `Status ${statusLabel(String(d.from))} → ${statusLabel(String(d.to))}${d.trackingNumber ? ` (${d.carrier} ${d.trackingNumber})` : ""}${d.reason ? ` — ${d.reason}` : ""}`;
    case "email_sent":
      return TEMPLATE_LABEL[String(d.template)] ?? "Email sent";
    case "email_failed":
      return `Email failed: ${d.template}`;
    case "refunded":
      return `Refunded $${d.amount}${d.toGiftCard ? ` ($${d.toCard} to the card, $${d.toGiftCard} to gift cards)` : ""}${d.source === "provider" ? " at the payment provider" : ""}${d.reason ? ` — ${d.reason}` : ""}${d.internalNote ? ` (internal note: ${d.internalNote})` : ""}`;
    case "dispute_opened":
      return `Dispute opened${d.reason ? ` (${d.reason})` : ""}`;
    case "put_back_on_sale":
      return `Back on sale: ${Array.isArray(d.products) ? d.products.join(", ") : ""}`;
    case "pieces_reclaimed":
      return `Held for this order again: ${Array.isArray(d.products) ? d.products.join(", ") : ""}`;
    case "stock_claimed":
      return `Taken from stock: ${stockLines(e.detail)}`;
    case "stock_returned":
      return `Returned to stock: ${stockLines(e.detail)}`;
    case "stock_reclaimed":
      return `Taken from stock again: ${stockLines(e.detail)}`;
    case "discount_released":
      return `Discount code ${d.code} given back (usable again)`;
    case "discount_reclaimed":
      return `Discount code ${d.code} taken again`;
    case "tax_recorded":
      return `Sales tax of $${d.tax} recorded with Stripe Tax (${d.transactionId})`;
    case "tax_record_failed":
      return `Sales tax could not be recorded with Stripe Tax: ${d.message} (tried again at the next refund)`;
    case "tax_reversed":
      return `Sales tax reversed with Stripe Tax (${d.mode}${d.amount ? `, $${d.amount}` : ""})`;
    case "tax_reversal_failed":
      return `Sales tax reversal failed at Stripe Tax: ${d.message}`;
    case "gift_cards_disabled":
      return `Gift cards bought with this order disabled (${d.count}): the payment was not captured`;
    case "gift_cards_enabled":
      return `Gift cards bought with this order enabled again (${d.count}): the payment was captured`;
    case "gift_cards_refunded":
      return `Gift cards refunded for what was left on them ($${d.amount}): ${Array.isArray(d.codes) ? d.codes.join(", ") : ""}${d.spent ? ` — $${d.spent} refunded at the payment provider had already been spent` : ""}`;
    case "gift_cards_restored":
      return `Refund refused: the gift cards it took back are usable again (${Array.isArray(d.codes) ? d.codes.join(", ") : ""})`;
    case "commission_reopened":
      return `Commission ${d.reference} open again: the maker can send a new quote`;
    case "commission_refunded":
      return `Commission ${d.reference} refunded: its order was refunded in full`;
    case "commission_accepted":
      return `Commission ${d.reference} accepted again`;
    case "refund_reconciled":
      return d.outcome === "succeeded" ? `Refund of $${d.amount} confirmed by the payment provider` : `Refund of $${d.amount} never reached the payment provider: dropped`;
    case "archived":
      return "Archived instead of deleted: it moved money, so it is kept for the books";
    case "label_bought":
      return `Label bought: ${carrierServiceLabel(String(d.carrier), String(d.service))}, $${d.cost}${d.insuredValue ? ` (insured for $${d.insuredValue})` : ""}, tracking ${d.trackingNumber}${d.costWarning ? ` — more than the $${d.paid} the shopper paid for shipping` : ""}`;
    case "label_voided":
      return `Label voided: ${d.carrier} ${d.trackingNumber}, $${d.cost} refund ${d.refundStatus === "refunded" ? "refunded" : "requested"} from the carrier`;
    case "label_refund":
      return d.refundStatus === "refunded"
        ? `Label refund confirmed by the carrier: ${d.carrier} ${d.trackingNumber}, $${d.cost} back`
        : `Label refund refused by the carrier: ${d.carrier} ${d.trackingNumber}, $${d.cost} — ask the carrier (a refund asked too soon after buying can be asked again)`;
    case "tracking_updated":
      return `Tracking: ${String(d.status ?? "").replaceAll("_", " ")}${d.message ? ` — ${d.message}` : ""}`;
    case "tracking_exception":
      return `Delivery problem: ${String(d.status ?? "").replaceAll("_", " ")}${d.message ? ` — ${d.message}` : ""}. Contact the shopper or the carrier`;
    default:
      return e.type;
  }
}

const actorLabel = (e: OrderEventDTO) => (e.actor === "admin" ? (e.adminName ?? "admin") : e.actor === "webhook" ? (e.detail.source === "carrier" ? "carrier" : "payment provider") : "system");

/** The order's history, oldest first, loaded when the dialog opens (and again when `version` changes). */
export function OrderTimeline({ orderId, version = 0 }: { orderId: number; version?: number }) {
  const timeZone = useAdminTimeZone();
  const [events, setEvents] = useState<OrderEventDTO[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    orderTimelineAction({ id: orderId })
      .then((result) => {
        if (!live) return;
        if (result.ok) setEvents(result.data);
        else setFailed(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [orderId, version]);

  return (
    <section aria-labelledby="order-timeline-heading">
      <h3 id="order-timeline-heading" className="mb-2 font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Timeline
      </h3>
      {failed && <p className="text-sm text-destructive">Could not load the timeline.</p>}
      {!failed && events === null && <p className="text-sm text-muted-foreground">Loading…</p>}
      {events && events.length === 0 && <p className="text-sm text-muted-foreground">No history recorded for this order.</p>}
      {events && events.length > 0 && (
        <ol className="grid gap-1.5 border-l pl-4 text-sm" data-testid="order-timeline">
          {events.map((e) => (
            <li key={e.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
              <span>{describeOrderEvent(e)}</span>
              <span className="block text-xs text-muted-foreground">
                {formatDateTime(e.createdAt, timeZone)} · {actorLabel(e)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
