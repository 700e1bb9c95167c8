"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { CART_MESSAGES } from "@/lib/cart/messages";
import { getSessionId } from "@/lib/cart/session";
import { useCart } from "@/lib/cart/store";
import type { CartProductDTO } from "@/lib/catalog/types";
import { postCartLine } from "@/components/cart/cart-api";
import { ApiRequestError } from "@/components/api/request-json";
import { useHydrated } from "@/components/cart/use-hydrated";

/** Spec §9: how long the button says 'Added!'. */
export const ADDED_STATE_MS = 1500;

export type AddToCartState = "idle" | "adding" | "added";

const toastDuplicate = () => toast.error("Item Already in Cart", { description: CART_MESSAGES.duplicateUnique });
const toastFailure = () => toast.error("Error", { description: "Failed to add product to cart. Please try again." });

/**
 * Spec §4/§8 add-to-cart: 'Adding...' while POST /api/cart is pending; on
 * success the local cart gains the item, a toast confirms and the button says
 * 'Added!' for 1.5 s. A unique piece already in the cart is refused without a
 * request. A piece sold meanwhile (409) is flagged as sold.
 */
export function useAddToCart(product: CartProductDTO, quantity = 1) {
  const hydrated = useHydrated();
  const [state, setState] = useState<AddToCartState>("idle");
  const [soldNow, setSoldNow] = useState(false);
  const inCartNow = useCart((s) => s.cartItems.some((i) => i.productId === product.id));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const showAdded = useCallback(() => {
    setState("added");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), ADDED_STATE_MS);
  }, []);

  const add = useCallback(async () => {
    if (product.sold || soldNow || pending.current) return;
    const cart = useCart.getState();
    if (product.uniqueItem && cart.cartItems.some((i) => i.productId === product.id)) {
      toastDuplicate();
      return;
    }
    const qty = product.uniqueItem ? 1 : Math.max(1, Math.floor(quantity));
    pending.current = true;
    setState("adding");
    try {
      await postCartLine({ sessionId: getSessionId(), productId: product.id, variantId: product.variantId, quantity: qty });
    } catch (error) {
      pending.current = false;
      setState("idle");
      if (error instanceof ApiRequestError && error.code === "duplicate_unique") {
        // The server copy already holds this piece (e.g. added in another tab): the local cart follows it.
        useCart.getState().addItem(product, 1);
        toastDuplicate();
      } else if (error instanceof ApiRequestError && error.code === "sold") {
        setSoldNow(true);
        useCart.getState().reconcile([{ productId: product.id, unavailable: CART_MESSAGES.lineSold }]);
        toast.error("Error", { description: error.message });
      } else {
        console.error("Failed to add product to cart", error);
        toastFailure();
      }
      return;
    }
    pending.current = false;
    const result = useCart.getState().addItem(product, qty);
    if (result === "duplicate-unique") {
      setState("idle");
      toastDuplicate();
      return;
    }
    toast.success("Added to Cart", { description: `${product.name} has been added to your cart.` });
    showAdded();
  }, [product, quantity, soldNow, showAdded]);

  return {
    /** True once hydrated: the button reacts to clicks (exposed as data-state for tests and styling). */
    ready: hydrated,
    state,
    add,
    /** Sold on the server's word (page data or a 409 just now). */
    sold: product.sold || soldNow,
    /** A unique piece already in the cart; false until hydrated so server and client HTML match. */
    inCart: hydrated && product.uniqueItem && inCartNow,
  };
}
