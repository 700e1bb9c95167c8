"use client";

import type { ExternalToast } from "sonner";

/**
 * The app's toasts, loaded on first use. `toast.success` / `toast.error` take
 * sonner's arguments; the first call fetches sonner and mounts the Toaster
 * (components/ui/sonner.tsx), which replays toasts created before it
 * subscribed. Public pages thus send no toast code until something is said.
 * Import toasts from here, never from "sonner" directly.
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For the Toaster: whether anything has asked for toasts yet, and a subscription to that. */
export const toasterDemand = {
  wanted: () => sonner !== null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Loads the toaster now (the admin area, where toasts are the main feedback). */
  load: () => void loadSonner(),
};

export const toast = {
  success(message: string, data?: ExternalToast) {
    void loadSonner().then((m) => m.toast.success(message, data));
  },
  error(message: string, data?: ExternalToast) {
    void loadSonner().then((m) => m.toast.error(message, data));
  },
  info(message: string, data?: ExternalToast) {
    void loadSonner().then((m) => m.toast.info(message, data));
  },
};
