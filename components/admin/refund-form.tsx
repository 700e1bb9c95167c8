"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { refundOrderAction } from "@/lib/orders/actions";
import { actionMessage } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { formatMoney, fromCents, toCents } from "@/lib/money";

/**
 * Refund chosen lines, an amount, or everything left, through the provider
 * that took the payment. Money moves only when the admin presses Refund.
 */
export function RefundForm({ order, onRefunded }: { order: OrderDTO; onRefunded: (refundedAmount: string) => void }) {
  const router = useRouter();
  const remaining = toCents(order.total) - toCents(order.refundedAmount);
  const [lineIds, setLineIds] = useState<number[]>([]);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  if (!order.stripePaymentIntentId || remaining <= 0) return null;
  if (!open) {
    return (
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
          Refund…
        </Button>
      </div>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError("Please give a reason");
    const money = amount.trim() ? Number(amount) : undefined;
    if (money !== undefined && !(money > 0)) return setError("Amount must be more than 0");
    setError(null);
    setPending(true);
    try {
      const input = { reason: reason.trim(), ...(lineIds.length ? { lineIds } : money !== undefined ? { amount: money } : {}) };
      const result = await refundOrderAction({ id: order.id, input });
      if (!result.ok) {
        setError(actionMessage(result, "Refund failed"));
        return;
      }
      toast.success("Refund issued", { description: `${formatMoney(result.data.amount)} refunded for ${order.orderNumber}.` });
      setLineIds([]);
      setAmount("");
      setReason("");
      onRefunded(result.data.refundedAmount);
      router.refresh();
    } finally {
      setPending(false);
    }
  }

  const toggle = (id: number) => setLineIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-3" aria-labelledby="refund-heading" data-testid="refund-form">
      <h3 id="refund-heading" className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Refund ({formatMoney(fromCents(remaining))} left)
      </h3>
      <fieldset className="grid gap-1.5 text-sm">
        <legend className="mb-1 text-sm">Lines (leave all unticked to refund an amount or everything left)</legend>
        {order.items.map((item) => (
          <label key={item.id} className="flex items-center gap-2">
            <input type="checkbox" className="size-4" disabled={item.refunded || amount.trim() !== ""} checked={lineIds.includes(item.id)} onChange={() => toggle(item.id)} />
            <span className={item.refunded ? "text-muted-foreground line-through" : undefined}>
              {item.quantity} × {item.productName} — {formatMoney(item.total)}
            </span>
            {item.refunded && <span className="text-xs text-muted-foreground">refunded</span>}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`refund-amount-${order.id}`}>Amount (optional)</Label>
          <Input id={`refund-amount-${order.id}`} inputMode="decimal" placeholder={fromCents(remaining)} value={amount} disabled={lineIds.length > 0} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`refund-reason-${order.id}`}>Reason</Label>
          <Input id={`refund-reason-${order.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Refund
        </Button>
      </div>
    </form>
  );
}
