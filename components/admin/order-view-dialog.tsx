"use client";

import { useState } from "react";
import Link from "next/link";
import { TableHead } from "@/components/admin/admin-table";
import { DisputedBadge } from "@/components/admin/disputed-badge";
import { OrderStatusBadge } from "@/components/admin/order-status-badge";
import { OrderTimeline } from "@/components/admin/order-timeline";
import { RefundForm } from "@/components/admin/refund-form";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDateTime, fullName } from "@/components/admin/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { formatMoney } from "@/lib/money";
import { taxLinesNote } from "@/lib/tax/display";
import { TestPaymentBadge } from "@/components/admin/test-payment-badge";
import { CommissionBadge } from "@/components/admin/commission-badge";
import { ArchivedBadge } from "@/components/admin/archived-badge";
import { ShippingLabelPanel } from "@/components/admin/shipping-label-panel";

type Address = { line1?: string; line2?: string | null; city?: string; state?: string; postalCode?: string; country?: string };

function readAddress(value: unknown): Address | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Address) : null;
}

function AddressBlock({ title, value }: { title: string; value: unknown }) {
  const a = readAddress(value);
  return (
    <div className="rounded-lg border p-3">
      <h3 className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {a ? (
        <address className="mt-1.5 text-sm leading-relaxed not-italic">
          {a.line1}
          {a.line2 && (
            <>
              <br />
              {a.line2}
            </>
          )}
          <br />
          {[a.city, [a.state, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
          {a.country && (
            <>
              <br />
              {a.country}
            </>
          )}
        </address>
      ) : (
        <p className="mt-1.5 text-sm text-muted-foreground">Not provided</p>
      )}
    </div>
  );
}

function TotalRow({ label, value, strong }: { label: React.ReactNode; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 text-base font-semibold" : "flex justify-between text-sm"}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Everything about one order: customer, items, addresses, totals, shipment, refunds, the payment reference and the timeline. */
export function OrderViewDialog({ order, onOpenChange }: { order: OrderDTO | null; onOpenChange: (open: boolean) => void }) {
  const timeZone = useAdminTimeZone();
  const [refunded, setRefunded] = useState<{ id: number; amount: string; version: number } | null>(null);
  const [labelChanges, setLabelChanges] = useState(0);
  const refundedAmount = order && refunded?.id === order.id ? refunded.amount : order?.refundedAmount;
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {order && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
                Order <span className="font-mono text-base">{order.orderNumber}</span>
                <OrderStatusBadge status={order.status} />
                <TestPaymentBadge testPayment={order.testPayment} />
                <DisputedBadge disputed={order.disputed} />
                <CommissionBadge commission={order.commission} />
                <ArchivedBadge archivedAt={order.archivedAt} />
              </DialogTitle>
              <DialogDescription>Placed {formatDateTime(order.createdAt, timeZone)}</DialogDescription>
            </DialogHeader>

            <section aria-labelledby="order-customer-heading" className="grid gap-1 text-sm">
              <h3 id="order-customer-heading" className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Customer
              </h3>
              <p className="font-medium">{fullName(order.firstName, order.lastName)}</p>
              <p className="break-all">
                <a href={`mailto:${order.email}`} className="text-primary underline-offset-4 hover:underline">
                  {order.email}
                </a>
              </p>
              {order.phone && <p>{order.phone}</p>}
            </section>

            <section aria-labelledby="order-items-heading">
              <h3 id="order-items-heading" className="mb-2 font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Items
              </h3>
              {/* Wider than a phone's dialog: it scrolls in its own box, which the keyboard can reach (as AdminTable's). */}
              <div role="group" aria-label="Order items" tabIndex={0} className="overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
                <table className="w-full min-w-[26rem] text-sm">
                  <TableHead
                    className="bg-muted/50 text-left text-xs text-muted-foreground"
                    cell="px-3 py-2 font-medium"
                    columns={["Product", ...["Qty", "Price", "Total"].map((label) => ({ label, className: "text-right" }))]}
                  />
                  <tbody>
                    {order.items.map((item, i) => (
                      <tr key={`${item.productId ?? "x"}-${i}`} className="border-t">
                        <td className="px-3 py-2">{item.name}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{item.quantity}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{formatMoney(item.price)}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{formatMoney(item.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            <div className="grid gap-3 sm:grid-cols-2">
              <AddressBlock title="Shipping address" value={order.shippingAddress} />
              <AddressBlock title="Billing address" value={order.billingAddress} />
            </div>

            <dl className="grid gap-1.5 rounded-lg bg-muted/50 p-3" data-testid="order-statement">
              {/* One statement of the order's money (lib/orders/statement.ts): every row from it, so the figures add up. */}
              {order.statement.map((row) => (
                <TotalRow
                  key={row.key}
                  strong={row.strong}
                  value={row.text}
                  label={
                    row.key === "shipping" && order.shippingService && row.label === "Shipping" ? (
                      <>
                        {row.label}
                        <span className="text-xs"> ({order.shippingService.replaceAll("_", " ").toLowerCase()})</span>
                      </>
                    ) : row.key === "tax" && order.taxLines?.length ? (
                      <>
                        {row.label}
                        <span className="text-xs"> ({taxLinesNote(order.taxLines)})</span>
                      </>
                    ) : (
                      row.label
                    )
                  }
                />
              ))}
            </dl>

            {order.trackingNumber && (
              <p className="text-sm" data-testid="order-tracking">
                <span className="text-muted-foreground">Shipped with {order.carrier}: </span>
                {order.trackingUrl ? (
                  <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="font-mono text-primary underline-offset-4 hover:underline">
                    {order.trackingNumber}
                  </a>
                ) : (
                  <span className="font-mono">{order.trackingNumber}</span>
                )}
              </p>
            )}

            <RefundForm
              key={`${order.id}-${refunded?.version ?? 0}`}
              order={{ ...order, refundedAmount: refundedAmount ?? order.refundedAmount }}
              onRefunded={(amount) => setRefunded({ id: order.id, amount, version: (refunded?.version ?? 0) + 1 })}
            />

            <div className="text-sm">
              <span className="text-muted-foreground">Payment reference: </span>
              <span className="font-mono text-xs break-all">{order.stripePaymentIntentId ?? "—"}</span>
            </div>

            {!order.archivedAt && <ShippingLabelPanel key={order.id} orderId={order.id} onChanged={() => setLabelChanges((n) => n + 1)} />}

            <p className="text-sm">
              <Link href={`/admin/orders/${order.id}/packing-slip`} target="_blank" className="text-primary underline-offset-4 hover:underline">
                Packing slip
              </Link>
            </p>

            <OrderTimeline orderId={order.id} version={(refunded?.id === order.id ? refunded.version : 0) + labelChanges} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
