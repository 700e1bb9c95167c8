"use client";

/**
 * What the confirmation page shows of the order just placed: its lines, its statement (lib/orders/statement.ts
 * rows, as POST /api/orders answers the browser that paid) and its own lead time. Session storage only,
 * by order number: the page never asks the server for an order by its number alone.
 */
const KEY = "orderReceipt";

export type OrderReceipt = {
  orderNumber: string;
  items: Array<{ name: string; quantity: number; total: string; ships: string | null }>;
  statement: Array<{ key: string; label: string; text: string; strong?: boolean }>;
  shipsEstimate: string | null;
  /** The card payment was not taken (lib/orders/statement.ts paymentNotice): the page says so instead of "Order Confirmed". */
  paymentNotice: { state: "checking" | "not_taken"; title: string; status: string; text: string } | null;
};

type PlacedOrder = {
  orderNumber?: string;
  items?: Array<{ name?: string; quantity?: number; total?: string; ships?: string | null }>;
  statement?: OrderReceipt["statement"];
  shipsEstimate?: string | null;
  paymentNotice?: OrderReceipt["paymentNotice"];
};

/** Keeps the receipt of an order POST /api/orders answered with (its `order`, given only to the browser that paid). */
export function saveOrderReceipt(order: unknown): void {
  const o = (order ?? null) as PlacedOrder | null;
  if (!o?.orderNumber || !Array.isArray(o.items) || !Array.isArray(o.statement)) return;
  const receipt: OrderReceipt = {
    orderNumber: o.orderNumber,
    items: o.items.map((i) => ({ name: String(i.name ?? ""), quantity: Number(i.quantity ?? 0), total: String(i.total ?? "0.00"), ships: i.ships ?? null })),
    statement: o.statement.map((r) => ({ key: r.key, label: r.label, text: r.text, ...(r.strong ? { strong: true } : {}) })),
    shipsEstimate: o.shipsEstimate ?? null,
    paymentNotice: o.paymentNotice ? { state: o.paymentNotice.state, title: String(o.paymentNotice.title), status: String(o.paymentNotice.status), text: String(o.paymentNotice.text) } : null,
  };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(receipt));
  } catch {
    // Storage full or blocked: the page shows the order number and the email has the rest.
  }
}

export function readOrderReceipt(orderNumber: string): OrderReceipt | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const data = raw ? (JSON.parse(raw) as OrderReceipt) : null;
    return data && data.orderNumber === orderNumber ? data : null;
  } catch {
    return null;
  }
}
