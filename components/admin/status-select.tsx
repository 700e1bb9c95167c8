"use client";

import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { updateOrderStatusAction } from "@/app/admin/(panel)/orders/actions";
import { actionMessage } from "@/components/admin/action-message";
import { statusLabel } from "@/components/admin/format";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ORDER_STATUSES } from "@/lib/orders/admin-schemas";

const FAILED = "Failed to update order status";

/**
 * Inline status change: any status to any other; reverts and says why when the server refuses.
 * Key it by the server's status so a refreshed list resets it.
 */
export function StatusSelect({ orderId, orderNumber, status }: { orderId: number; orderNumber: string; status: string }) {
  const [value, setValue] = useState(status);
  const [pending, startTransition] = useTransition();

  function change(next: string) {
    if (next === value) return;
    const previous = value;
    setValue(next);
    startTransition(async () => {
      try {
        const result = await updateOrderStatusAction({ id: orderId, status: next });
        if (result.ok) {
          toast.success("Order status updated", { description: `${orderNumber} is now ${statusLabel(next).toLowerCase()}.` });
          return;
        }
        setValue(previous);
        toast.error(actionMessage(result, FAILED));
      } catch (error) {
        console.error("Order status update failed", error);
        setValue(previous);
        toast.error(FAILED);
      }
    });
  }

  return (
    <Select value={value} onValueChange={change} disabled={pending}>
      <SelectTrigger size="sm" aria-label={`Status of order ${orderNumber}`} className="w-36 bg-background" data-testid="order-status-select">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ORDER_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {statusLabel(s)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
