"use client";

import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { clsx as cn } from "clsx";
import type { CartItem } from "@/lib/cart/types";
import { lineActions } from "@/components/cart/lazy-line-actions";

const setQuantity = (item: CartItem, quantity: number) => void lineActions().then((a) => a.setCartLineQuantity(item, quantity));

/**
 * Minus / quantity / plus for a cart line (spec §5): minus disabled at 1, plus
 * disabled for unique items (title 'Only 1 available', else 'Increase quantity').
 * Lines that can no longer be bought can only be removed.
 */
export function CartQuantityControl({ item, className }: { item: CartItem; className?: string }) {
  const locked = Boolean(item.unavailable);
  const plusDisabled = item.uniqueItem || locked;
  return (
    <div className={cn("inline-flex w-fit items-center rounded-md border bg-background", className)} data-testid="cart-quantity">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 rounded-r-none disabled:pointer-events-auto disabled:cursor-not-allowed"
        onClick={() => setQuantity(item, item.quantity - 1)}
        disabled={item.quantity <= 1 || locked}
        aria-label={`Decrease quantity of ${item.name}`}
        title="Decrease quantity"
      >
        <Icon name="minus" />
      </Button>
      <span className="w-9 text-center text-sm font-medium tabular-nums" data-testid="cart-line-quantity" aria-live="polite">
        <span className="sr-only">Quantity: </span>
        {item.quantity}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 rounded-l-none disabled:pointer-events-auto disabled:cursor-not-allowed"
        onClick={() => setQuantity(item, item.quantity + 1)}
        disabled={plusDisabled}
        aria-label={`Increase quantity of ${item.name}`}
        title={item.uniqueItem ? "Only 1 available" : "Increase quantity"}
      >
        <Icon name="plus" />
      </Button>
    </div>
  );
}
