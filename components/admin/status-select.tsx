"use client";

import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { updateOrderStatusAction } from "@/lib/orders/actions";
import { actionMessage } from "@/components/admin/action-message";
import { CancelOrderDialog, type CancelChoice } from "@/components/admin/cancel-order-dialog";
import { statusLabel } from "@/components/admin/format";
import { ShipOrderDialog } from "@/components/admin/ship-order-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/admin/dialog-actions";
import { ORDER_STATUSES, SHOPPER_EMAIL_STATUSES, type OrderStatusValue } from "@/lib/orders/admin-schemas";
import type { Shipment } from "@/lib/orders/shipping";

const FAILED = "Failed to update order status";

type StatusOrder = { id: number; orderNumber: string; status: string; total: string; refundedAmount: string; stripePaymentIntentId: string | null };

/**
 * Inline status change: any status to any other; reverts and says why when the server refuses.
 * "Shipped" asks for carrier and tracking number; "Cancelled" asks whether to refund and
 * whether one-of-a-kind pieces go back on sale; any other status that emails the shopper ("Delivered")
 * asks first, saying so (a mis-tap on a phone sends nothing). Key it by the server's status so a refreshed list resets it.
 */
export function StatusSelect({ order }: { order: StatusOrder }) {
  const [value, setValue] = useState(order.status);
  const [dialog, setDialog] = useState<string | null>(null);
  const [confirmPending, setConfirmPending] = useState(false);
  const [pending, startTransition] = useTransition();

  async function save(next: string, extra: Partial<Shipment & CancelChoice> = {}): Promise<boolean> {
    const previous = value;
    setValue(next);
    try {
      const result = await updateOrderStatusAction({ id: order.id, status: next, ...extra });
      if (result.ok) {
        toast.success("Order status updated", { description: `${order.orderNumber} is now ${statusLabel(next).toLowerCase()}.` });
        return true;
      }
      setValue(previous);
      toast.error(actionMessage(result, FAILED));
    } catch (error) {
      console.error("Order status update failed", error);
      setValue(previous);
      toast.error(FAILED);
    }
    return false;
  }

  function change(next: string) {
    if (next === value) return;
    if (SHOPPER_EMAIL_STATUSES.includes(next as OrderStatusValue)) {
      setDialog(next);
      return;
    }
    startTransition(async () => {
      await save(next);
    });
  }

  return (
    <>
      <NativeSelect
        value={value}
        onChange={(event) => change(event.target.value)}
        disabled={pending}
        aria-label={`Status of order ${order.orderNumber}`}
        className="h-8 w-36"
        data-testid="order-status-select"
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </NativeSelect>
      {dialog === "shipped" && <ShipOrderDialog orderNumber={order.orderNumber} open onOpenChange={(open) => !open && setDialog(null)} onShip={(shipment) => save("shipped", shipment)} />}
      {dialog !== null && dialog !== "shipped" && dialog !== "cancelled" && (
        <Dialog open onOpenChange={(open) => !open && !confirmPending && setDialog(null)}>
          <DialogContent role="alertdialog" className="sm:max-w-md" showCloseButton={!confirmPending}>
            <DialogHeader>
              <DialogTitle>Mark order {statusLabel(dialog).toLowerCase()}?</DialogTitle>
              <DialogDescription>
                Order <span className="font-mono">{order.orderNumber}</span> becomes {statusLabel(dialog).toLowerCase()}, and an email goes to the shopper now.
              </DialogDescription>
            </DialogHeader>
            <DialogActions
              actionLabel={`Mark ${statusLabel(dialog).toLowerCase()} and email the shopper`}
              pending={confirmPending}
              onAction={async () => {
                setConfirmPending(true);
                try {
                  if (await save(dialog)) setDialog(null);
                } finally {
                  setConfirmPending(false);
                }
              }}
            />
          </DialogContent>
        </Dialog>
      )}
      {dialog === "cancelled" && <CancelOrderDialog order={order} open onOpenChange={(open) => !open && setDialog(null)} onCancel={(choice) => save("cancelled", choice)} />}
    </>
  );
}
