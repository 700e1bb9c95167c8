"use client";

import { useEffect } from "react";
import { Icon } from "@/components/ui/icon";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { OrderTotals } from "@/lib/checkout/pricing";
import { formatMoney } from "@/lib/money";
import { CartCheckoutButton } from "@/components/cart/cart-checkout-button";
import { useFreeShippingOver } from "@/components/cart/use-free-shipping";
import { amountToFreeShipping } from "@/lib/shipping/services";
import { useLazyComponent } from "@/components/ui/use-lazy-component";
import type { CartItem } from "@/lib/cart/types";
import type { CartTaxLine } from "@/lib/tax/display";

const importEstimate = () => import("@/components/cart/cart-ships-estimate").then((m) => m.CartShipsEstimate);

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-center justify-between text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Spec §2 cart page 'Order Summary': subtotal, shipping (free only OVER $100,
 * else $15.99 in a fresh shop: the server's figure for the lines in every zone shipped to,
 * components/cart/use-cart-shipping.ts, or "At checkout" and a total before shipping when the
 * address decides), the tax line (chosen on the server for TAX_MODE, lib/tax/display.ts: the
 * 8 % estimate in the total, or "At checkout" and a total before tax), total, the free-shipping nudge and
 * Proceed to Checkout. The subtotal counts available lines only. Under the
 * totals, the order's latest estimate (components/cart/cart-ships-estimate.tsx,
 * loaded after the first load), each line showing its own.
 */
/** `row`: the discount code's summary line, `field`: its entry field (both from the page's lazily loaded chunk); the order's estimate loads after the first load. */
export function CartOrderSummary({
  totals,
  shippingAtCheckout = false,
  taxLine,
  blocked,
  items,
  row,
  field,
}: {
  totals: OrderTotals;
  /** The address decides the shipping (zones that differ, live carrier rates, a piece delivered by arrangement): not in the total. */
  shippingAtCheckout?: boolean;
  taxLine: CartTaxLine;
  blocked: boolean;
  items: CartItem[];
  row?: React.ReactNode;
  field: React.ReactNode;
}) {
  const { subtotal, shipping, tax, total } = totals;
  // The rule that applies before an address is known: the threshold every shipping zone shares, else nothing is said.
  const freeOver = useFreeShippingOver();
  const nothingShips = subtotal > 0 && totals.goods === 0;
  const toFree = nothingShips || typeof freeOver !== "number" ? 0 : amountToFreeShipping(totals.goods, freeOver);
  const [Estimate, load] = useLazyComponent(importEstimate);
  useEffect(load, [load]);
  // Free over $100 of goods, and for gift cards alone (nothing ships: lib/checkout/pricing.ts).
  const shippingLabel = shippingAtCheckout ? "At checkout" : subtotal > 0 && shipping === 0 ? "Free" : formatMoney(shipping);
  const totalLabel = shippingAtCheckout ? (taxLine.estimated ? "Total before shipping" : "Total before shipping and tax") : taxLine.totalLabel;

  // `!` where a class replaces one of the card's own (gap, line height, alignment): class lists are joined, not merged.
  return (
    <Card className="gap-4! lg:sticky lg:top-24" data-testid="order-summary">
      <CardHeader>
        <CardTitle className="font-serif text-xl leading-7!">
          <h2>Order Summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2">
          <Row label="Subtotal" value={formatMoney(subtotal)} testId="summary-subtotal" />
          <Row label="Shipping" value={shippingLabel} testId="summary-shipping" />
          {row}
          <Row label={taxLine.label} value={taxLine.value ?? formatMoney(tax)} testId="summary-tax" />
          {/* A border rather than a <Separator>: a <dl> may only hold dt/dd groups. */}
          <div className="mt-3 flex items-center justify-between border-t pt-3 text-base font-semibold">
            <dt>{totalLabel}</dt>
            <dd className="tabular-nums" data-testid="summary-total">
              {formatMoney(total)}
            </dd>
          </div>
        </dl>
        {Estimate && <Estimate items={items} />}
        {field}
        {toFree > 0 && (
          <p className="flex items-center gap-2 rounded-md bg-accent/60 px-3 py-2 text-sm" data-testid="free-shipping-note">
            <Icon name="truck" className="text-primary" />
            {`Add ${formatMoney(toFree)} more for free shipping`}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col items-stretch!">
        <CartCheckoutButton label="Proceed to Checkout" blocked={blocked} />
      </CardFooter>
    </Card>
  );
}
