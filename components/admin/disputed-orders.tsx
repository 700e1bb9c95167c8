import { AlertTriangle } from "lucide-react";
import { formatDate } from "@/components/admin/format";
import { formatMoney } from "@/lib/money";

/** The dashboard's warning when a shopper's bank disputes a payment (respond in the payment provider's dashboard). */
export function DisputedOrders({ orders, timeZone }: { orders: Array<{ id: number; orderNumber: string; email: string; total: string; createdAt: string }>; timeZone: string }) {
  if (!orders.length) return null;
  return (
    <section aria-labelledby="disputed-title" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900" data-testid="disputed-orders">
      <h2 id="disputed-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4" />
        Disputed payments
      </h2>
      <p className="mt-1 text-sm">The shopper&apos;s bank opened a dispute on these orders. Respond in the payment provider&apos;s dashboard before its deadline.</p>
      <ul className="mt-2 grid gap-1 text-sm">
        {orders.map((o) => (
          <li key={o.id}>
            <span className="font-mono">{o.orderNumber}</span> — {o.email}, {formatMoney(o.total)}, {formatDate(o.createdAt, timeZone)}
          </li>
        ))}
      </ul>
    </section>
  );
}
