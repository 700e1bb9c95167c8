"use client";

import { useSyncExternalStore } from "react";
import { Toaster as Sonner } from "sonner";

/** Sonner lays toasts out full width below 600 px; there they sit at the top, clear of the cart drawer's Checkout button at the bottom. */
const PHONE = "(max-width: 600px)";
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const onPhone = () => window.matchMedia(PHONE).matches;
// The server cannot know the width: it renders the desktop position, and the browser moves the toasts after hydration.
const onServer = () => false;

/** Spec §9: one toast at a time, 5 s by default, swipe right to dismiss, F8 focuses the toasts. */
export default function SonnerToaster() {
  const phone = useSyncExternalStore(subscribe, onPhone, onServer);
  return (
    <Sonner
      className="toaster group"
      position={phone ? "top-center" : "bottom-right"}
      visibleToasts={1}
      duration={5000}
      swipeDirections={["right"]}
      hotkey={["F8"]}
      richColors
      closeButton
      // Sonner's own success and error greens and reds are 4.2:1 on their tints; these darker ones pass WCAG AA (4.5:1) on them.
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--success-text": "hsl(140, 100%, 20%)",
          "--error-text": "hsl(360, 100%, 38%)",
        } as React.CSSProperties
      }
    />
  );
}
