"use client";

import { create } from "zustand";

/** Whether the cart drawer is open: shared by the header's cart button and the drawer mounted in the shop layout. */
export const useCartDrawer = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
