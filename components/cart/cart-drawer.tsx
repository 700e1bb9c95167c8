"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useCart } from "@/lib/cart/store";
import { orderTotals } from "@/lib/checkout/pricing";
import { formatMoney } from "@/lib/money";
import { refreshCartAvailability } from "@/components/cart/cart-actions";
import { clearCartLines } from "@/components/cart/cart-line-actions";
import { CartCheckoutButton } from "@/components/cart/cart-checkout-button";
import { CartDrawerItem } from "@/components/cart/cart-drawer-item";
import { CartEmpty } from "@/components/cart/cart-empty";
import { useCartDrawer } from "@/components/cart/use-cart-drawer";

/**
 * Spec §2 cart drawer (right side), opened by the header's cart button. Its
 * content only renders while open, so it never affects hydration.
 */
export function CartDrawer() {
  const open = useCartDrawer((s) => s.open);
  const setOpen = useCartDrawer((s) => s.setOpen);
  const items = useCart((s) => s.cartItems);
  const count = useCart((s) => s.cartCount);
  const close = () => setOpen(false);

  useEffect(() => {
    if (open) void refreshCartAvailability();
  }, [open]);

  const blocked = items.some((i) => i.unavailable);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="right" className="w-full gap-0 sm:max-w-md" data-testid="cart-drawer">
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="font-serif text-xl">Shopping Cart</SheetTitle>
          <SheetDescription>{items.length ? (count === 1 ? "1 item" : `${count} items`) : "No items yet"}</SheetDescription>
        </SheetHeader>

        {items.length === 0 ? (
          <CartEmpty onNavigate={close} className="flex-1 p-6" />
        ) : (
          <>
            <ul className="flex-1 divide-y overflow-y-auto px-4" aria-label="Items in your cart">
              {items.map((item) => (
                <CartDrawerItem key={item.id} item={item} onNavigate={close} />
              ))}
            </ul>
            <SheetFooter className="mt-0 gap-3 border-t bg-muted/30">
              <div className="flex items-center justify-between text-base font-semibold">
                <span>Subtotal</span>
                <span data-testid="cart-subtotal">{formatMoney(orderTotals(items).subtotal)}</span>
              </div>
              <p className="text-sm text-muted-foreground">Shipping calculated at checkout</p>
              <Separator />
              <CartCheckoutButton label="Checkout" blocked={blocked} onNavigate={close} />
              <Button type="button" variant="outline" className="w-full" onClick={clearCartLines}>
                Clear Cart
              </Button>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
