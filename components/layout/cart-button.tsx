"use client";

import { ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The header's cart button with its item-count badge. The cart drawer arrives
 * with a later issue: wire `count` to the cart store and `onClick` to open it.
 */
export function CartButton({ count = 0, onClick }: { count?: number; onClick?: () => void }) {
  const shown = count > 99 ? "99+" : String(count);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Cart"
      aria-describedby="cart-count-description"
      onClick={onClick}
      className="relative"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      <span
        data-testid="cart-count"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums"
      >
        {shown}
      </span>
      <span id="cart-count-description" className="sr-only">
        {count === 1 ? "1 item in your cart" : `${count} items in your cart`}
      </span>
    </Button>
  );
}
