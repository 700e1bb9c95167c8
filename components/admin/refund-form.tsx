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

// getRandomValues, not randomUUID: the admin may be served over plain http on a LAN address (no secure context).
const newRequestKey = () => `form-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/**
 * Refund chosen lines, an amount, or everything left, through the provider
 * that took the payment. Money moves only when the admin presses Refund.
 */
export function RefundForm({ order, onRefunded }: { order: OrderDTO; onRefunded: (refundedAmount: string) => void }) {
  const router = useRouter();
  // One key per refund the admin means to make: a double click or a retry after a lost reply sends the
  // same key (one refund); changing the form or a refund that went through starts a new one, so two
  // genuine refunds of the same amount and reason are two refunds.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const renew = () => setRequestKey(newRequestKey());
  // What is left, less gift-card value the order bought and its recipients spent (the server's figures: lib/orders/dto.ts).
  const left = toCents(order.total) - toCents(order.refundedAmount);
  const remaining = Math.min(left, toCents(order.refundable.whole));
  const byAmount = Math.min(left, toCents(order.refundable.asAmount));
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
        <Button type="button" variant="outline" size="sm" onClick={() => {
            renew();
            setOpen(true);
          }}>
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
      const input = { reason: reason.trim(), idempotencyKey: requestKey, ...(lineIds.length ? { lineIds } : money !== undefined ? { amount: money } : {}) };
      const result = await refundOrderAction({ id: order.id, input });
      if (!result.ok) {
        // The shop answered (a refusal, not a lost reply): the next try is a new request with a new key.
        renew();
        setError(actionMessage(result, "Refund failed"));
        return;
      }
      if (result.data.replayed) toast.info("Already refunded", { description: result.data.message });
      else toast.success("Refund issued", { description: `${formatMoney(result.data.amount)} refunded for ${order.orderNumber}.` });
      renew();
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
            <input type="checkbox" className="size-4" disabled={item.refunded || amount.trim() !== ""} checked={lineIds.includes(item.id)} onChange={() => {
                renew();
                toggle(item.id);
              }} />
            <span className={item.refunded ? "text-muted-foreground line-through" : undefined}>
              {item.quantity} × {item.name} — {formatMoney(item.total)}
            </span>
            {item.refunded && <span className="text-xs text-muted-foreground">refunded</span>}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`refund-amount-${order.id}`}>Amount (optional)</Label>
          <Input id={`refund-amount-${order.id}`} inputMode="decimal" placeholder={fromCents(byAmount)} value={amount} disabled={lineIds.length > 0} onChange={(e) => {
              renew();
              setAmount(e.target.value);
            }} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`refund-reason-${order.id}`}>Reason</Label>
          <Input id={`refund-reason-${order.id}`} value={reason} maxLength={500} onChange={(e) => {
              renew();
              setReason(e.target.value);
            }} />
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
