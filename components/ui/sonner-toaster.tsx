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
      // Sonner's own success and error greens and reds are 4.2:1 on their tints; these darker ones pass WCAG AA (4.5:1) on them.
      style={{ "--normal-bg": "var(--popover)", "--normal-text": "var(--popover-foreground)", "--normal-border": "var(--border)", "--success-text": "hsl(140, 100%, 20%)", "--error-text": "hsl(360, 100%, 38%)" } as React.CSSProperties}
    />
  );
}
