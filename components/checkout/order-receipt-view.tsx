"use client";

import { formatMoney } from "@/lib/money";
import type { OrderReceipt } from "@/components/checkout/order-receipt";

/** The order's lines and its statement (lib/orders/statement.ts rows: totals, how it was paid, any balance due). */
export function OrderReceiptView({ receipt }: { receipt: OrderReceipt }) {
  return (
    <section aria-labelledby="receipt-title" className="mt-4 border-t pt-4" data-testid="order-receipt">
      <h2 id="receipt-title" className="font-sans text-base font-semibold">
        Your order
      </h2>
      <ul className="mt-2 grid gap-2 text-sm">
        {receipt.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-4">
            <span className="min-w-0">
              {item.quantity} × {item.name}
              {item.ships && <span className="block text-xs text-muted-foreground">{item.ships}</span>}
            </span>
            <span className="tabular-nums">{formatMoney(item.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid gap-1 border-t pt-3 text-sm">
        {receipt.statement.map((row) => (
          <div key={row.key} className={row.strong ? "flex justify-between font-semibold" : "flex justify-between"}>
            <dt className={row.strong ? undefined : "text-muted-foreground"}>{row.label}</dt>
            <dd className="tabular-nums">{row.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
