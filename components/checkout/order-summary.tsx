"use client";

import { useId, useState } from "react";
import { ChevronDown, Truck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import type { CartItem } from "@/lib/cart/types";
import type { DiscountedTotals } from "@/lib/checkout/discount-totals";
import { formatMoney, toCents, type Cents } from "@/lib/money";
import { amountToFreeShipping } from "@/lib/shipping/services";
import { clsx as cn } from "clsx";
import { removeCartLine } from "@/components/cart/cart-line-actions";
import { cartShipsText } from "@/lib/inventory/ship-days";
import { CartLineImage } from "@/components/cart/cart-line-image";
import { DiscountCodeForm } from "@/components/checkout/discount-code-form";
import { DiscountRow } from "@/components/checkout/discount-row";
import { GiftCardField } from "@/components/checkout/gift-card-field";
import type { useDiscountCode } from "@/components/checkout/use-discount-code";

function SummaryLine({ item }: { item: CartItem }) {
  return (
    <li className="flex gap-3 py-3" data-testid="summary-line" data-product-id={item.productId} data-unavailable={item.unavailable ? "true" : undefined}>
      <div className="relative">
        <CartLineImage src={item.image} alt="" size={64} className={cn(item.unavailable && "opacity-60 grayscale")} />
        <span
          aria-hidden="true"
          className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-foreground/80 px-1 text-[0.6875rem] font-semibold text-background tabular-nums"
        >
          {item.quantity}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/* Plain text, not a link: the checkout keeps the shopper (and the tab order) on the form. */}
        <p className="line-clamp-2 text-sm leading-snug font-medium">{item.name}</p>
        <p className="text-xs text-muted-foreground" data-testid="summary-line-quantity">
          Qty {item.quantity} × {formatMoney(item.price)}
        </p>
        {item.ships && !item.unavailable && <p className="text-xs text-muted-foreground">{item.ships}</p>}
        {item.unavailable && (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-medium text-destructive" data-testid="summary-line-unavailable">
              {item.unavailable}
            </p>
            <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => removeCartLine(item)}>
              Remove<span className="sr-only"> {item.name}</span>
            </Button>
          </div>
        )}
      </div>
      <p className={cn("text-sm font-medium tabular-nums", item.unavailable && "text-muted-foreground line-through")} data-testid="summary-line-total">
        {formatMoney(toCents(item.price) * item.quantity)}
      </p>
    </li>
  );
}

function Row({ label, value, note, testId, strong, className }: { label: string; value: string; note?: string; testId: string; strong?: boolean; className?: string }) {
  return (
    <div className={cn("flex items-start justify-between gap-4", strong ? "text-base font-semibold" : "text-sm", className)}>
      <dt className={cn(!strong && "text-muted-foreground")}>
        {label}
        {note && <span className="block text-xs font-normal text-muted-foreground">{note}</span>}
      </dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Order Summary: lines with quantity and line totals, Subtotal, Shipping ($0.00 until
 * the address is complete, then $15.99 or Free over $100), Tax (the server's for the address:
 * $0.00 in estimate mode, lib/tax), Total. On phones
 * it comes first with its lines folded away behind a toggle (open when a line has a problem).
 */
type GiftCards = { codes: string[]; onChange: (codes: string[]) => void; /** Cents the gift cards pay (the server's answer). */ paid: number };

export function OrderSummary({
  items,
  totals,
  taxNote,
  discount,
  giftCards,
  shippingName,
  freeOver,
}: {
  items: CartItem[];
  /** The delivery option chosen (a carrier's service, local pickup), once the server has offered them; else the zone's default service. */
  shippingName?: string;
  /** The free-shipping threshold that applies (the address's zone, else the one every zone shares); null: none; undefined: not known yet. Either way but a number, no nudge. */
  freeOver: Cents | null | undefined;
  totals: DiscountedTotals;
  /** The jurisdictions and rates of the server's tax, or why there is none yet. */ taxNote?: string;
  discount: ReturnType<typeof useDiscountCode>;
  giftCards: GiftCards;
}) {
  const hasProblem = items.some((i) => i.unavailable);
  // null = not toggled yet: folded, unless a line needs attention.
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? hasProblem;
  const listId = useId();
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const toFree = typeof freeOver === "number" && !(totals.subtotal > 0 && totals.goods === 0) ? amountToFreeShipping(totals.goods, freeOver) : 0;
  const ships = cartShipsText(items);

  const nothingShips = totals.subtotal > 0 && totals.goods === 0;
  const shippingValue = nothingShips ? "None" : !totals.addressComplete ? formatMoney(0) : totals.shipping === 0 ? "Free" : formatMoney(totals.shipping);
  const shippingNote = nothingShips ? "Gift cards are emailed" : !totals.addressComplete ? "Calculated after address" : (shippingName ?? "USPS Ground Advantage");

  return (
    <section aria-labelledby="order-summary-title" className="rounded-xl border bg-card p-5 shadow-xs sm:p-6" data-testid="order-summary">
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-summary-title" className="text-xl font-semibold">
          Order Summary
        </h2>
        <span className="text-sm text-muted-foreground">{count === 1 ? "1 item" : `${count} items`}</span>
      </div>

      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setOpen(!expanded)}
        className="mt-3 flex w-full items-center justify-between rounded-md border bg-muted/40 px-3 py-2 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none lg:hidden"
      >
        {expanded ? "Hide items" : "Show items"}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", expanded && "rotate-180")} />
      </button>

      <ul id={listId} className={cn("mt-2 divide-y", expanded ? "block" : "hidden lg:block")} aria-label="Items in your order">
        {items.map((item) => (
          <SummaryLine key={item.id} item={item} />
        ))}
      </ul>

      <Separator className="my-4" />

      <div className="flex flex-col gap-4">
        <DiscountCodeForm {...discount} />
        <GiftCardField codes={giftCards.codes} onChange={giftCards.onChange} />
      </div>

      <Separator className="my-4" />

      <dl className="flex flex-col gap-2.5">
        <Row label="Subtotal" value={formatMoney(totals.subtotal)} testId="summary-subtotal" />
        <Row label="Shipping" value={shippingValue} note={shippingNote} testId="summary-shipping" />
        <DiscountRow code={discount.applied?.code} amount={totals.discount} freeShipping={discount.applied?.freeShipping} addressComplete={totals.addressComplete} />
        <Row label="Tax" value={formatMoney(totals.tax)} note={taxNote} testId="summary-tax" />
        {/* A border rather than a <Separator>: a <dl> may only hold dt/dd groups. */}
        <Row label="Total" value={formatMoney(totals.total)} testId="summary-total" strong className="mt-1.5 border-t pt-4" />
        {giftCards.paid > 0 && (
          <>
            <Row label="Paid by gift cards" value={`−${formatMoney(giftCards.paid)}`} testId="summary-gift-cards" />
            <Row label="To pay by card" value={formatMoney(totals.total - giftCards.paid)} testId="summary-card-amount" strong />
          </>
        )}
      </dl>

      {ships && <p className="mt-4 text-sm font-medium">{ships}</p>}

      {toFree > 0 && totals.subtotal > 0 && (
        <p className="mt-4 flex items-start gap-2 rounded-md bg-accent/60 px-3 py-2 text-xs text-accent-foreground" data-testid="summary-free-shipping-nudge">
          <Truck aria-hidden="true" className="mt-px size-4 shrink-0" />
          Add {formatMoney(toFree)} more for free shipping
        </p>
      )}
    </section>
  );
}
