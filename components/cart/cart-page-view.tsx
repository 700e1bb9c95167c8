"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCart } from "@/lib/cart/store";
import { orderTotals } from "@/lib/checkout/pricing";
import type { CartTaxLine } from "@/lib/tax/display";
import { refreshCartAvailability } from "@/components/cart/cart-actions";
import { lineActions } from "@/components/cart/lazy-line-actions";
import { CartEmpty } from "@/components/cart/cart-empty";
import { CartOrderSummary } from "@/components/cart/cart-order-summary";
import { CartPageLine } from "@/components/cart/cart-page-line";
import { useCartShipping } from "@/components/cart/use-cart-shipping";
import { useHydrated } from "@/components/cart/use-hydrated";
import type { CartDiscountShown } from "@/components/cart/cart-discount";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

// The discount code field is its own chunk, fetched once the page is up.
const importCartDiscount = () => import("@/components/cart/cart-discount").then((m) => m.CartDiscount);

function CartPageSkeleton() {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-3" aria-busy="true" aria-label="Loading your cart">
      <div className="space-y-4 lg:col-span-2">
        {[0, 1].map((k) => (
          <div key={k} className="flex gap-4">
            <Skeleton className="h-[84px] w-28 rounded-md" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** The cart page body: lines, Clear Cart, Continue Shopping and the order summary; empty state when there is nothing in the cart. */
export function CartPageView({ taxLine }: { taxLine: CartTaxLine }) {
  const hydrated = useHydrated();
  const items = useCart((s) => s.cartItems);
  const count = useCart((s) => s.cartCount);
  const [discount, setDiscount] = useState<CartDiscountShown>(null);
  const [CartDiscount, loadCartDiscount] = useLazyComponent(importCartDiscount);
  // The server's shipping for these lines before an address: null when the address decides ("At checkout").
  const estimated = useCartShipping(items);
  const shipping = estimated === undefined ? undefined : (estimated ?? 0);

  useEffect(() => {
    void refreshCartAvailability();
    loadCartDiscount();
    // The line changes, ready before the first click.
    lineActions().catch((error: unknown) => console.error("Failed to load the cart's actions", error));
  }, [loadCartDiscount]);

  if (!hydrated) return <CartPageSkeleton />;

  if (items.length === 0) return <CartEmpty className="mt-8 rounded-xl border border-dashed px-6 py-16" />;

  const blocked = items.some((i) => i.unavailable);
  return (
    <>
      <p className="mt-2 text-muted-foreground" data-testid="cart-page-count">
        {count === 1 ? "1 item" : `${count} items`}
      </p>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-3">
        <section aria-label="Items in your cart" className="lg:col-span-2">
          <ul className="divide-y border-y">
            {items.map((item) => (
              <CartPageLine key={item.id} item={item} />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <Button asChild variant="ghost">
              <Link href="/shop">
                <Icon name="arrow-left" />
                Continue Shopping
              </Link>
            </Button>
            <Button type="button" variant="outline" onClick={() => void lineActions().then((a) => a.clearCartLines())}>
              Clear Cart
            </Button>
          </div>
        </section>
        <CartOrderSummary
          totals={discount?.totals ?? orderTotals(items, { taxEstimate: taxLine.estimated, shipping })}
          shippingAtCheckout={estimated === null}
          taxLine={taxLine}
          blocked={blocked}
          items={items}
          row={discount?.row}
          field={CartDiscount && <CartDiscount items={items} taxEstimate={taxLine.estimated} shipping={shipping} onShow={setDiscount} />}
        />
      </div>
    </>
  );
}
