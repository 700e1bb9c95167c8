"use client";

import { useState } from "react";
import Link from "next/link";
import { Eye } from "lucide-react";
import { ACTIONS_COLUMN, AdminTable, EmptyRow, Td } from "@/components/admin/admin-table";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDate, fullName } from "@/components/admin/format";
import { OrderStatusBadge } from "@/components/admin/order-status-badge";
import { OrderViewDialog } from "@/components/admin/order-view-dialog";
import { Button } from "@/components/ui/button";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { formatMoney } from "@/lib/money";
import { TestPaymentBadge } from "@/components/admin/test-payment-badge";
import { CommissionBadge } from "@/components/admin/commission-badge";
import { DisputedBadge } from "@/components/admin/disputed-badge";

/** Dashboard: the newest orders with a view dialog. */
export function RecentOrders({ orders }: { orders: OrderDTO[] }) {
  const timeZone = useAdminTimeZone();
  const [viewing, setViewing] = useState<OrderDTO | null>(null);
  return (
    <section aria-labelledby="recent-orders-title">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="recent-orders-title" className="text-lg font-semibold">
          Recent Orders
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link href="/admin/orders">View all orders</Link>
        </Button>
      </div>
      <AdminTable caption="Recent Orders" columns={["Order", "Customer", "Date", { label: "Total", className: "text-right" }, "Status", ACTIONS_COLUMN]}>
        <tbody>
          {orders.length === 0 && <EmptyRow colSpan={6}>No orders yet.</EmptyRow>}
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-muted/30" data-testid="recent-order-row">
              <Td className="font-mono text-xs whitespace-nowrap">
                {order.orderNumber}
                <TestPaymentBadge testPayment={order.testPayment} className="ml-2 font-sans" />
                <DisputedBadge disputed={order.disputed} className="ml-2 font-sans" />
                <CommissionBadge commission={order.commission} className="ml-2 font-sans" />
              </Td>
              <Td>{fullName(order.firstName, order.lastName)}</Td>
              <Td className="whitespace-nowrap">{formatDate(order.createdAt, timeZone)}</Td>
              <Td className="text-right tabular-nums">{formatMoney(order.total)}</Td>
              <Td>
                <OrderStatusBadge status={order.status} />
              </Td>
              <Td className="text-right">
                <Button type="button" variant="ghost" size="sm" onClick={() => setViewing(order)} aria-label={`View order ${order.orderNumber}`}>
                  <Eye aria-hidden="true" />
                  View
                </Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <OrderViewDialog order={viewing && (orders.find((o) => o.id === viewing.id) ?? viewing)} onOpenChange={(open) => !open && setViewing(null)} />
    </section>
  );
}
