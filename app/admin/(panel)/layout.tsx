import { AdminShell } from "@/components/admin/admin-shell";
import { AdminTimeZoneProvider } from "@/components/admin/time-zone";
import { requireAdminPage } from "@/lib/auth/guard";
import { getShopTimeZone } from "@/lib/catalog/settings-service";

/** Every guarded admin screen: a current admin (a deleted one or no session → /admin/login), the shell, and the shop's time zone for every date shown. */
export default async function AdminPanelLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireAdminPage();
  const timeZone = await getShopTimeZone();
  return (
    <AdminTimeZoneProvider timeZone={timeZone}>
      <AdminShell adminName={admin.username}>{children}</AdminShell>
    </AdminTimeZoneProvider>
  );
}
