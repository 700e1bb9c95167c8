"use client";

import { useEffect } from "react";
import { useCartDrawer } from "@/components/cart/use-cart-drawer";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

const importDrawer = () => import("@/components/cart/cart-drawer").then((m) => m.CartDrawer);

/**
 * The cart drawer, loaded the first time the shopper opens it: its dialog code
 * (Radix) is not part of any page's first load. Stays mounted once loaded.
 */
export function LazyCartDrawer() {
  const open = useCartDrawer((s) => s.open);
  const [CartDrawer, load] = useLazyComponent(importDrawer);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  return CartDrawer ? <CartDrawer /> : null;
}
