"use client";

import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatMoney, fromCents, toCents } from "@/lib/money";
import { DialogActions } from "@/components/admin/dialog-actions";
import { useFormDialog } from "@/components/admin/use-form-dialog";

export type CancelChoice = { refund: boolean; putBackOnSale: boolean; reason?: string };

/**
 * Cancelling an order: money moves only if the admin ticks "Refund", and
 * one-of-a-kind pieces go back on sale only if they tick that too.
 */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
  onCancel,
}: {
  order: { orderNumber: string; total: string; refundedAmount: string; stripePaymentIntentId: string | null; refundable?: { whole: string } };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: (choice: CancelChoice) => Promise<boolean>;
}) {
  // What is left, less gift-card value the order bought and its recipients spent (the server's figure: lib/orders/dto.ts).
  const left = toCents(order.total) - toCents(order.refundedAmount);
  const refundable = order.stripePaymentIntentId ? Math.min(left, order.refundable ? toCents(order.refundable.whole) : left) : 0;
  const [refund, setRefund] = useState(refundable > 0);
  const [putBackOnSale, setPutBackOnSale] = useState(false);
  const [reason, setReason] = useState("");
  const { pending, errors, formProps } = useFormDialog({
    read: () => (refund && !reason.trim() ? { errors: { reason: "Please give a reason for the refund" } } : { input: { refund, putBackOnSale, ...(reason.trim() ? { reason: reason.trim() } : {}) } }),
    save: onCancel,
    onDone: () => onOpenChange(false),
    logLabel: "Cancelling the order",
  });
  const error = errors.reason;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form {...formProps} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Cancel order</DialogTitle>
            <DialogDescription>
              Order <span className="font-mono">{order.orderNumber}</span>. The shopper gets a cancellation email.
            </DialogDescription>
          </DialogHeader>
          {refundable > 0 && (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} className="mt-0.5 size-4" />
              <span>Refund {formatMoney(fromCents(refundable))} to the shopper&apos;s card</span>
            </label>
          )}
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={putBackOnSale} onChange={(e) => setPutBackOnSale(e.target.checked)} className="mt-0.5 size-4" />
            <span>Put one-of-a-kind pieces back on sale and return counted units to stock (otherwise they stay withdrawn)</span>
          </label>
          <div className="grid gap-2">
            <Label htmlFor="cancel-reason">Reason {refund ? "" : "(optional)"}</Label>
            <Textarea
              id="cancel-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              rows={2}
              aria-invalid={error ? true : undefined}
              aria-describedby="cancel-reason-hint"
            />
            <p id="cancel-reason-hint" className="text-xs text-muted-foreground">
              Emailed to the shopper with the cancellation.
            </p>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogActions actionLabel="Cancel order" cancelLabel="Keep order" destructive pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
