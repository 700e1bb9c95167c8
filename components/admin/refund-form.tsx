"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { refundOrderAction } from "@/lib/orders/actions";
import { actionMessage } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { OrderDTO } from "@/lib/orders/admin-service";
import { formatMoney, fromCents, toCents } from "@/lib/money";
import { refundFigure } from "@/lib/orders/refund-figure";

// getRandomValues, not randomUUID: the admin may be served over plain http on a LAN address (no secure context).
const newRequestKey = () => `form-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/**
 * Refund chosen lines, an amount, or everything left, through the provider
 * that took the payment. The button names the figure ("Refund $42.00"); a
 * refund of everything left asks again, naming it. Money moves only then.
 * The reason is emailed to the shopper; the internal note is the maker's.
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
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  if (!order.stripePaymentIntentId || remaining <= 0) return null;
  if (!open) {
    return (
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            renew();
            setOpen(true);
          }}
        >
          Refund…
        </Button>
      </div>
    );
  }

  const figure = refundFigure({ remainingCents: remaining, lines: order.items.filter((i) => lineIds.includes(i.id)), amount: lineIds.length ? "" : amount });
  const figureText = "cents" in figure ? formatMoney(fromCents(figure.cents)) : null;
  // Any change to the form makes a new request, and a confirmation asked for another figure no longer stands.
  const edited = () => {
    renew();
    setConfirming(false);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError("Please give a reason");
    if ("error" in figure) return setError(figure.error);
    setError(null);
    // Everything left goes in one press only after a second look at the figure.
    if (figure.full && !confirming) {
      setConfirming(true);
      setTimeout(() => confirmRef.current?.focus(), 0);
      return;
    }
    await send();
  }

  async function send() {
    const money = amount.trim() ? Number(amount.trim().replace(/^\$/, "")) : undefined;
    setPending(true);
    try {
      const input = {
        reason: reason.trim(),
        ...(note.trim() ? { internalNote: note.trim() } : {}),
        idempotencyKey: requestKey,
        ...(lineIds.length ? { lineIds } : money !== undefined ? { amount: money } : {}),
      };
      const result = await refundOrderAction({ id: order.id, input });
      if (!result.ok) {
        // The shop answered (a refusal, not a lost reply): the next try is a new request with a new key.
        renew();
        setConfirming(false);
        setError(actionMessage(result, "Refund failed"));
        return;
      }
      if (result.data.replayed) toast.info("Already refunded", { description: result.data.message });
      else toast.success("Refund issued", { description: `${formatMoney(result.data.amount)} refunded for ${order.orderNumber}.` });
      renew();
      setLineIds([]);
      setAmount("");
      setReason("");
      setNote("");
      setConfirming(false);
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
            <input
              type="checkbox"
              className="size-4"
              disabled={item.refunded || amount.trim() !== ""}
              checked={lineIds.includes(item.id)}
              onChange={() => {
                edited();
                toggle(item.id);
              }}
            />
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
          <Input
            id={`refund-amount-${order.id}`}
            inputMode="decimal"
            placeholder={fromCents(byAmount)}
            value={amount}
            disabled={lineIds.length > 0}
            onChange={(e) => {
              edited();
              setAmount(e.target.value);
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`refund-reason-${order.id}`}>Reason</Label>
          <Input
            id={`refund-reason-${order.id}`}
            value={reason}
            maxLength={500}
            aria-describedby={`refund-reason-hint-${order.id}`}
            onChange={(e) => {
              edited();
              setReason(e.target.value);
            }}
          />
          <p id={`refund-reason-hint-${order.id}`} className="text-xs text-muted-foreground">
            Emailed to the shopper with the refund.
          </p>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`refund-note-${order.id}`}>Internal note (optional)</Label>
        <Textarea id={`refund-note-${order.id}`} value={note} maxLength={1000} rows={2} aria-describedby={`refund-note-hint-${order.id}`} onChange={(e) => setNote(e.target.value)} />
        <p id={`refund-note-hint-${order.id}`} className="text-xs text-muted-foreground">
          For you: kept with the refund and shown in the order&apos;s timeline, never emailed.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {confirming && figureText ? (
        <div role="group" aria-labelledby={`refund-confirm-${order.id}`} className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3" data-testid="refund-confirm">
          <p id={`refund-confirm-${order.id}`} className="text-sm font-medium">
            Refund everything left on order {order.orderNumber}: {figureText}? The shopper is emailed the reason.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" ref={confirmRef} variant="destructive" disabled={pending} onClick={() => void send()}>
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Yes, refund {figureText}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={() => setConfirming(false)}>
              Go back
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="submit" variant="outline" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {figureText ? `Refund ${figureText}` : "Refund"}
          </Button>
        </div>
      )}
    </form>
  );
}
