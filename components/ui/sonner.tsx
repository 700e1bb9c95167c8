"use client";

import { useEffect, useSyncExternalStore } from "react";
import { toasterDemand } from "@/components/ui/toast";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

const importToaster = () => import("@/components/ui/sonner-toaster").then((m) => m.default);

/** Mounts the toaster (components/ui/sonner-toaster.tsx) once the first toast is asked for (components/ui/toast.ts). */
function Toaster() {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  const [SonnerToaster, load] = useLazyComponent(importToaster);
  useEffect(() => {
    if (wanted) load();
  }, [wanted, load]);
  return SonnerToaster ? <SonnerToaster /> : null;
}

/** Loads the toaster as soon as it mounts: for screens whose feedback is mostly toasts (the admin area). */
function LoadToaster() {
  useEffect(() => toasterDemand.load(), []);
  return null;
}

export { Toaster, LoadToaster };
