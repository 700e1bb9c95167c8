"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TrackingNumber } from "@/components/orders/tracking-number";
import { ORDER_NOT_FOUND_PUBLIC, type PublicOrderStatus } from "@/lib/orders/lookup-messages";
import type { OrderReviewLink } from "@/lib/reviews/request-service";

type LookupResult = PublicOrderStatus & { reviews?: OrderReviewLink[] };

/** The form's rules (zod/mini, shared with POST /api/order-status), loaded when the form is first focused or sent. */
const loadRules = () => import("@/lib/orders/lookup-schemas");

const STATUS_TEXT: Record<string, string> = {
  pending: "Pending",
  confirmed: "Confirmed — being prepared",
  processing: "Processing in the workshop",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** A milestone's time in the shop's zone (the answer names it), with the zone's short name so a shopper elsewhere reads it right. */
const when = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(at));

export function OrderStatusLookup({ initialOrderNumber }: { initialOrderNumber: string }) {
  const [orderNumber, setOrderNumber] = useState(initialOrderNumber);
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<LookupResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof loadRules>>;
    try {
      rules = await loadRules();
    } catch {
      setError("Something went wrong. Please try again.");
      return;
    }
    const parsed = rules.orderLookupSchema.safeParse({ orderNumber, email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ORDER_NOT_FOUND_PUBLIC);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await fetch("/api/order-status", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(parsed.data) });
      const body = await res.json().catch(() => null);
      if (res.ok) {
        setResult(body as LookupResult);
      } else {
        setResult(null);
        setError(res.status === 404 ? ORDER_NOT_FOUND_PUBLIC : (body?.message ?? "Something went wrong. Please try again."));
      }
    } catch {
      setError("Something went wrong. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} onFocus={() => void loadRules().catch(() => {})} noValidate className="mt-8 grid gap-4 rounded-xl border bg-card p-6 shadow-xs" aria-label="Find your order">
        <div className="grid gap-2">
          <Label htmlFor="lookup-order">Order number</Label>
          <Input id="lookup-order" value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} autoComplete="off" placeholder="ORD-…" className="font-mono" maxLength={100} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="lookup-email">Email used at checkout</Label>
          <Input id="lookup-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" maxLength={254} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive" data-testid="lookup-error">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={pending}>
            {pending && <Icon name="loader" className="animate-spin" />}
            Find my order
          </Button>
        </div>
      </form>

      {result && (
        <section aria-labelledby="order-status-result" className="mt-8 rounded-xl border bg-card p-6 shadow-xs" data-testid="order-status-result">
          <div className="flex items-start gap-3">
            <Icon name="badge-check" className="mt-1 size-6 text-primary" />
            <div>
              <h2 id="order-status-result" className="text-xl font-semibold">
                {STATUS_TEXT[result.status] ?? result.status}
              </h2>
              <p className="font-mono text-sm text-muted-foreground">{result.orderNumber}</p>
            </div>
          </div>
          {result.trackingNumber && (
            <p className="mt-4 text-sm">
              {result.carrier} tracking:{" "}
              <TrackingNumber number={result.trackingNumber} url={result.trackingUrl} linkClassName="font-mono font-medium text-primary underline-offset-4 hover:underline" />
            </p>
          )}
          <ol className="mt-6 grid gap-3 border-l pl-5">
            {result.milestones.map((m, i) => (
              <li key={`${m.key}-${i}`} className="relative">
                <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-primary" />
                <span className="font-medium">{m.label}</span>
                <span className="block text-sm text-muted-foreground">{when(m.at, result.timeZone)}</span>
              </li>
            ))}
          </ol>
          {result.ships && <p className="mt-6 font-medium">{result.ships}</p>}
          <ul className="mt-6 border-t pt-4 text-sm">
            {result.items.map((item, i) => (
              <li key={i}>
                {item.quantity} × {item.name}
                {item.ships && <span className="block text-xs text-muted-foreground">{item.ships}</span>}
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid gap-1 border-t pt-4 text-sm" data-testid="order-money">
            {result.money.map((row) => (
              <div key={row.key} className={row.strong ? "flex justify-between font-semibold" : "flex justify-between"}>
                <dt className={row.strong ? undefined : "text-muted-foreground"}>{row.label}</dt>
                <dd className="tabular-nums">{row.text}</dd>
              </div>
            ))}
          </dl>
          {result.reviews && result.reviews.length > 0 && (
            <div className="mt-6 border-t pt-4" data-testid="order-reviews">
              <h3 className="font-semibold">Review your purchase</h3>
              <ul className="mt-2 grid gap-2 text-sm">
                {result.reviews.map((r, i) => (
                  <li key={i}>
                    {r.path ? (
                      <a href={r.path} className="font-medium text-primary underline-offset-4 hover:underline">
                        Review {r.name}
                      </a>
                    ) : (
                      <span className="text-muted-foreground">{r.name}: reviewed, thank you</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
    </>
  );
}
