"use client";

import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
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
      <Icon name="cart" className="size-5" />
      <span data-testid="cart-count" className="cart-count">
        {shown}
      </span>
      <span id="cart-count-description" className="sr-only">
        {count === 1 ? "1 item in your cart" : `${count} items in your cart`}
      </span>
    </Button>
  );
}
