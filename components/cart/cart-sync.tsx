"use client";

import { useEffect } from "react";
import { useCart } from "@/lib/cart/store";
import { refreshCartAvailability } from "@/components/cart/cart-actions";

/**
 * Mounted once in the shop layout. On page load it re-checks a non-empty cart
 * with the server (POST /api/cart/check → reconcile), so a piece sold meanwhile
 * is flagged and prices are current. It also follows the cart when another tab
 * changes it.
 */
export function CartSync() {
  useEffect(() => {
    const check = () => void refreshCartAvailability();
    const unsubscribe = useCart.persist.hasHydrated() ? (check(), () => {}) : useCart.persist.onFinishHydration(check);

    const onStorage = (event: StorageEvent) => {
      if (event.key === "cart-storage") void useCart.persist.rehydrate();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return null;
}
