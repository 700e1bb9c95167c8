import { CreditCard } from "lucide-react";
import { formatDate } from "@/components/admin/format";
import { formatMoney } from "@/lib/money";

type UnpaidOrder = { id: number; orderNumber: string; email: string; total: string; capture: "unknown" | "failed"; createdAt: string };

/** The dashboard's "needs doing" for payments not taken: a failed capture (cancel the order) or one still being checked with the provider. */
export function UnpaidOrders({ orders }: { orders: UnpaidOrder[] }) {
  if (!orders.length) return null;
  return (
    <section aria-labelledby="unpaid-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="unpaid-orders">
      <h2 id="unpaid-title" className="flex items-center gap-2 font-semibold">
        <CreditCard aria-hidden="true" className="size-4" />
        Needs doing: payments not taken
      </h2>
      <p className="mt-1 text-sm">
        Do not ship these orders. A failed payment&apos;s authorisation was released: cancel the order or ask the shopper to order again. A payment being checked settles by itself within the hour.
      </p>
      <ul className="mt-2 grid gap-1 text-sm [overflow-wrap:anywhere]">
        {orders.map((o) => (
          <li key={o.id}>
            <span className="font-mono">{o.orderNumber}</span> — {o.email}, {formatMoney(o.total)}, {formatDate(o.createdAt)}:{" "}
            <strong>{o.capture === "failed" ? "payment failed" : "being checked with the payment provider"}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
