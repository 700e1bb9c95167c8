"use client";

import { ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useCartDrawer } from "@/components/cart/use-cart-drawer";
import { useHydrated } from "@/components/cart/use-hydrated";
import { useCart } from "@/lib/cart/store";

/**
 * The header's cart button: item-count badge (cartCount, shown as 0 until the
 * persisted cart is hydrated so server and client HTML match) that opens the cart drawer.
 */
export function CartButton() {
  const hydrated = useHydrated();
  const cartCount = useCart((s) => s.cartCount);
  const open = useCartDrawer((s) => s.open);
  const setOpen = useCartDrawer((s) => s.setOpen);
  const count = hydrated ? cartCount : 0;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Cart"
      aria-describedby="cart-count-description"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen(true)}
      data-ready={hydrated || undefined}
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
