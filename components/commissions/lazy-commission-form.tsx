"use client";

import { lazyIsland } from "@/components/ui/lazy-island";

/** The commission form (react-hook-form) hydrated from its own chunk, after the page's first load. */
export const CommissionForm = lazyIsland(() => import("@/components/commissions/commission-form").then((m) => m.CommissionForm));
