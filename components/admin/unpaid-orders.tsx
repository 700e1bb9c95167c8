import { CreditCard } from "lucide-react";
import { formatDate } from "@/components/admin/format";
import { NeedsDoing } from "@/components/admin/needs-doing";
import { formatMoney } from "@/lib/money";

type UnpaidOrder = { id: number; orderNumber: string; email: string; total: string; capture: "unknown" | "failed"; createdAt: string };

/** The dashboard's "needs doing" for payments not taken: a failed capture (cancel the order) or one still being checked with the provider. */
export function UnpaidOrders({ orders, timeZone }: { orders: UnpaidOrder[]; timeZone: string }) {
  return (
    <NeedsDoing
      id="unpaid-title"
      icon={CreditCard}
      title="payments not taken"
      testId="unpaid-orders"
      items={orders.map((o) => (
        <li key={o.id}>
          <span className="font-mono">{o.orderNumber}</span> — {o.email}, {formatMoney(o.total)}, {formatDate(o.createdAt, timeZone)}:{" "}
          <strong>{o.capture === "failed" ? "payment failed" : "being checked with the payment provider"}</strong>
        </li>
      ))}
    >
      Do not ship these orders. A failed payment&apos;s authorisation was released: cancel the order or ask the shopper to order again. A payment being checked settles by itself within the hour.
    </NeedsDoing>
  );
}
