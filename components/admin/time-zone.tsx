"use client";

import { createContext, useContext } from "react";
import { DEFAULT_SHOP_TIME_ZONE } from "@/lib/catalog/time-zone";

/** The shop's time zone (a setting), read once by the admin layout on the server and handed to every client screen. */
const AdminTimeZone = createContext<string>(DEFAULT_SHOP_TIME_ZONE);

export function AdminTimeZoneProvider({ timeZone, children }: { timeZone: string; children: React.ReactNode }) {
  return <AdminTimeZone.Provider value={timeZone}>{children}</AdminTimeZone.Provider>;
}

/** The zone admin dates are shown in (components/admin/format.ts). */
export function useAdminTimeZone(): string {
  return useContext(AdminTimeZone);
}
