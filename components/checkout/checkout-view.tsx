"use client";

import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { useCart } from "@/lib/cart/store";
import { CartEmpty } from "@/components/cart/cart-empty";
import { useHydrated } from "@/components/cart/use-hydrated";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

// The form (react-hook-form, zod, the payment card) is its own chunk, fetched once the cart has something to pay for.
const importCheckoutForm = () => import("@/components/checkout/checkout-form").then((m) => m.CheckoutForm);

function CheckoutSkeleton() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,400px)] lg:gap-10" aria-hidden="true" data-testid="checkout-loading">
      <Skeleton className="h-40 rounded-xl lg:col-start-2 lg:row-start-1 lg:h-80" />
      <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    </div>
  );
}

/**
 * /checkout in the browser: the persisted cart decides what shows. Empty cart →
 * 'Your cart is empty'; otherwise the form. After a successful order the cart is
 * cleared, so the page says it is moving on rather than flashing the empty state.
 * The empty cart and the skeleton need none of the form's code.
 */
export function CheckoutView({ publishableKey }: { publishableKey: string | null }) {
  const hydrated = useHydrated();
  const items = useCart((s) => s.cartItems);
  const [placedOrder, setPlacedOrder] = useState<string | null>(null);
  const [CheckoutForm, loadForm] = useLazyComponent(importCheckoutForm);
  const wantsForm = hydrated && items.length > 0;

  useEffect(() => {
    if (wantsForm) loadForm();
  }, [wantsForm, loadForm]);

  if (!hydrated) return <CheckoutSkeleton />;
  if (placedOrder) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-20 text-center text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-primary" />
        <p>Order {placedOrder} placed. Taking you to your confirmation...</p>
      </div>
    );
  }
  if (items.length === 0) {
    // As tall as the screen below the heading, like the skeleton before it: the footer must not jump up into view (layout shift).
    return (
      <div className="min-h-[calc(100dvh-9rem)]">
        <CartEmpty className="rounded-xl border bg-card px-6 py-16 shadow-xs" />
      </div>
    );
  }
  // The skeleton holds the form's place until its chunk arrives.
  if (!CheckoutForm) return <CheckoutSkeleton />;
  return <CheckoutForm items={items} publishableKey={publishableKey} onPlaced={setPlacedOrder} />;
}
