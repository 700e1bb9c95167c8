"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { CartProductDTO } from "@/lib/catalog/types";
import { lineKey, type CartItem } from "@/lib/cart/types";
import { lineName } from "@/lib/catalog/line-name";

export type AddResult = "added" | "duplicate-unique" | "sold";

type CartState = {
  cartItems: CartItem[];
  cartCount: number;
  addItem: (product: CartProductDTO, quantity?: number) => AddResult;
  /** A line by its key (lib/cart/types.ts lineKey: the product id, or product and variant). */
  removeItem: (key: string) => void;
  updateQuantity: (key: string, quantity: number) => void;
  clearCart: () => void;
  /** Applies the server's view: new prices, and a reason for lines that can no longer be bought (null = fine). */
  reconcile: (
    updates: Array<{
      productId: number;
      variantId?: number | null;
      price?: string;
      unavailable: string | null;
      ships?: string | null;
      shipDays?: { min: number; max: number } | null;
      giftCard?: boolean;
    }>,
  ) => void;
};

const count = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity, 0);

/**
 * The client cart (spec §3/§4), persisted in localStorage under "cart-storage".
 * Rules: adding an existing item increases its quantity; a unique item can be
 * in the cart once, with quantity 1; sold items cannot be added; quantity ≤ 0
 * removes the line; cartCount is the sum of quantities after every change.
 * `unavailable` is set by reconciliation with the server (a piece sold or
 * withdrawn meanwhile): such a line stays visible but blocks checkout.
 * A line is one product, or one variant of a product with variants (its
 * `id` is lineKey: "12", "12-34"), so two sizes of a jig are two lines.
 */
export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      cartItems: [],
      cartCount: 0,
      addItem(product, quantity = 1) {
        if (product.sold) return "sold";
        const items = get().cartItems;
        const id = lineKey({ productId: product.id, variantId: product.variantId });
        const existing = items.find((i) => i.id === id);
        if (existing && product.uniqueItem) return "duplicate-unique";
        const qty = product.uniqueItem ? 1 : Math.max(1, Math.floor(quantity));
        const next = existing
          ? items.map((i) => (i.id === id ? { ...i, quantity: i.quantity + qty, price: product.price } : i))
          : [
              ...items,
              {
                id,
                productId: product.id,
                // Absent for a product without variants (undefined is not stored).
                variantId: product.variantId,
                variantLabel: product.variantLabel,
                slug: product.slug,
                // As shown: with the variant's label ("Dowel Jig — Size: 8 mm").
                name: lineName(product.name, product.variantLabel),
                price: product.price,
                image: product.image,
                quantity: qty,
                uniqueItem: product.uniqueItem,
                giftCard: product.giftCard,
                unavailable: null,
              },
            ];
        set({ cartItems: next, cartCount: count(next) });
        return "added";
      },
      removeItem(key) {
        const next = get().cartItems.filter((i) => i.id !== key);
        set({ cartItems: next, cartCount: count(next) });
      },
      updateQuantity(key, quantity) {
        if (quantity <= 0) return get().removeItem(key);
        const next = get().cartItems.map((i) => (i.id === key ? { ...i, quantity: i.uniqueItem ? 1 : Math.floor(quantity) } : i));
        set({ cartItems: next, cartCount: count(next) });
      },
      clearCart() {
        set({ cartItems: [], cartCount: 0 });
      },
      reconcile(updates) {
        const byId = new Map(updates.map((u) => [lineKey(u), u]));
        const next = get().cartItems.map((i) => {
          const u = byId.get(i.id);
          return u ? { ...i, ...u, price: u.price ?? i.price } : i;
        });
        set({ cartItems: next, cartCount: count(next) });
      },
    }),
    { name: "cart-storage", storage: createJSONStorage(() => localStorage), partialize: (s) => ({ cartItems: s.cartItems, cartCount: s.cartCount }) },
  ),
);
