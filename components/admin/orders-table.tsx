"use client";

import { useState } from "react";
import { Eye } from "lucide-react";
import { deleteOrderAction } from "@/lib/orders/actions";
import { runWithToast } from "@/components/admin/action-message";
import { AdminTable, EmptyRow, Td, Th } from "@/components/admin/admin-table";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DeleteTriggerButton } from "@/components/admin/delete-trigger-button";
import { formatDate, fullName, statusLabel } from "@/components/admin/format";
import { OrderViewDialog } from "@/components/admin/order-view-dialog";
import { StatusSelect } from "@/components/admin/status-select";
import { Button } from "@/components/ui/button";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { formatMoney } from "@/lib/money";
import { TestPaymentBadge } from "@/components/admin/test-payment-badge";
import { CommissionBadge } from "@/components/admin/commission-badge";
import { DisputedBadge } from "@/components/admin/disputed-badge";
import { ArchivedBadge } from "@/components/admin/archived-badge";
import { deleteOrderWording } from "@/lib/orders/archive";

const DELETE_FAILED = "Failed to delete order";

/** Deletes (or archives, when it moved money) after confirmation; the dialog closes either way and a toast says what happened. */
async function removeOrder(order: OrderDTO): Promise<void> {
  await runWithToast(() => deleteOrderAction({ id: order.id }), {
    success: order.movedMoney
      ? { title: "Order archived", description: `${order.orderNumber} has been archived: it stays in the books and the "Archived" filter.` }
      : { title: "Order deleted", description: `${order.orderNumber} has been deleted.` },
    failure: DELETE_FAILED,
    logLabel: "Order delete",
  });
}

/** Orders: number, customer, date, total, inline status, view and delete. */
export function OrdersTable({ orders, emptyMessage }: { orders: OrderDTO[]; emptyMessage: string }) {
  const [viewing, setViewing] = useState<OrderDTO | null>(null);
  return (
    <>
      <AdminTable caption="Orders" minWidth="sm:min-w-[52rem]" cards>
        <thead>
          <tr>
            <Th>Order</Th>
            <Th>Customer</Th>
            <Th>Date</Th>
            <Th className="text-right">Total</Th>
            <Th>Status</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 && <EmptyRow colSpan={6}>{emptyMessage}</EmptyRow>}
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-muted/30" data-testid="order-row" data-order-number={order.orderNumber}>
              <Td label="Order" className="font-mono text-xs whitespace-nowrap max-sm:whitespace-normal">
                {order.orderNumber}
                <TestPaymentBadge testPayment={order.testPayment} className="ml-2 font-sans" />
                <DisputedBadge disputed={order.disputed} className="ml-2 font-sans" />
                <CommissionBadge commission={order.commission} className="ml-2 font-sans" />
                <ArchivedBadge archivedAt={order.archivedAt} className="ml-2 font-sans" />
              </Td>
              <Td label="Customer">
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{fullName(order.firstName, order.lastName)}</div>
                  <div className="text-xs break-all text-muted-foreground">{order.email}</div>
                </div>
              </Td>
              <Td label="Date" className="whitespace-nowrap">
                {formatDate(order.createdAt)}
              </Td>
              <Td label="Total" className="text-right tabular-nums">
                {formatMoney(order.total)}
                {order.refundedAmount !== "0.00" && <div className="text-xs text-muted-foreground">−{formatMoney(order.refundedAmount)} refunded</div>}
              </Td>
              <Td label="Status">{order.archivedAt ? statusLabel(order.status) : <StatusSelect key={order.status} order={order} />}</Td>
              <Td className="max-sm:pt-2">
                <div className="flex justify-end gap-1 max-sm:justify-start">
                  <Button type="button" variant="ghost" size="sm" onClick={() => setViewing(order)} aria-label={`View order ${order.orderNumber}`}>
                    <Eye aria-hidden="true" />
                    View
                  </Button>
                  {!order.archivedAt && (
                    <ConfirmDialog
                      {...deleteOrderWording(order.orderNumber, order.movedMoney)}
                      onConfirm={() => removeOrder(order)}
                      trigger={<DeleteTriggerButton label={`order ${order.orderNumber}`} />}
                    />
                  )}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <OrderViewDialog order={viewing && (orders.find((o) => o.id === viewing.id) ?? viewing)} onOpenChange={(open) => !open && setViewing(null)} />
    </>
  );
}
