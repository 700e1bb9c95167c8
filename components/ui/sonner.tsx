"use client";

import { useEffect, useSyncExternalStore } from "react";
import { toasterDemand } from "@/components/ui/toast";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

const importToaster = () => import("@/components/ui/sonner-toaster").then((m) => m.default);

/**
 * Mounts the toaster (components/ui/sonner-toaster.tsx) once the first toast is
 * asked for (components/ui/toast.ts), or when the browser is first idle after
 * the page loads, whichever comes first: it is never part of the first load,
 * and it is usually in place before the shopper's first click.
 */
function Toaster() {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  const [SonnerToaster, load] = useLazyComponent(importToaster);
  useEffect(() => {
    if (wanted) load();
  }, [wanted, load]);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(toasterDemand.load, 2000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(toasterDemand.load, { timeout: 4000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return SonnerToaster ? <SonnerToaster /> : null;
}

/** Loads the toaster as soon as it mounts: for screens whose feedback is mostly toasts (the admin area). */
function LoadToaster() {
  useEffect(() => toasterDemand.load(), []);
  return null;
}

export { Toaster, LoadToaster };
