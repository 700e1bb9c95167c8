"use client";

import { Toaster as Sonner } from "sonner";

/** Spec §9: one toast at a time, 5 s by default, swipe right to dismiss, F8 focuses the toasts. */
export default function SonnerToaster() {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      swipeDirections={["right"]}
      hotkey={["F8"]}
      richColors
      closeButton
      style={{ "--normal-bg": "var(--popover)", "--normal-text": "var(--popover-foreground)", "--normal-border": "var(--border)" } as React.CSSProperties}
    />
  );
}
