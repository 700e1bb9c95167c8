import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { BackupStatus } from "@/components/admin/backup-status";
import { DisputedOrders } from "@/components/admin/disputed-orders";
import { UnpaidOrders } from "@/components/admin/unpaid-orders";
import { TrackingProblems } from "@/components/admin/tracking-problems";
import { listTrackingProblems } from "@/lib/orders/tracking-service";
import { LowStock } from "@/components/admin/low-stock";
import { RecentOrders } from "@/components/admin/recent-orders";
import { RevenueChart } from "@/components/admin/revenue-chart";
import { ShopTimeZoneForm } from "@/components/admin/shop-time-zone-form";
import { StatsTiles } from "@/components/admin/stats-tiles";
import { getAdminStats, REVENUE_DAYS, revenueByDay } from "@/lib/admin/stats-queries";
import { lastBackup } from "@/lib/backup/manifest";
import { requireAdminPage } from "@/lib/auth/guard";
import { listLowStock } from "@/lib/catalog/stock-queries";
import { getShopSettings } from "@/lib/catalog/settings-service";
import { listDisputedOrders, listOrders, listUnpaidOrders } from "@/lib/orders/admin-service";

export const metadata: Metadata = { title: "Dashboard" };

/** Spec §9: the dashboard lists the 5 newest orders. */
const RECENT_ORDERS = 5;

export default async function AdminDashboardPage() {
  const admin = await requireAdminPage();
  const { lowStockThreshold, timeZone } = await getShopSettings();
  const [stats, recent, revenue, backup, disputed, lowStock, unpaid, tracking] = await Promise.all([
    getAdminStats(),
    listOrders({ limit: RECENT_ORDERS }),
    revenueByDay(REVENUE_DAYS, timeZone),
    lastBackup(),
    listDisputedOrders(),
    listLowStock(lowStockThreshold),
    listUnpaidOrders(),
    listTrackingProblems(),
  ]);
  return (
    <>
      <AdminPageHeader title="Dashboard" description={`Welcome back, ${admin.username}. Here is how the shop is doing.`} />
      <div className="flex min-w-0 flex-col gap-6 [&>*]:min-w-0">
        <UnpaidOrders orders={unpaid} timeZone={timeZone} />
        <DisputedOrders orders={disputed} timeZone={timeZone} />
        <TrackingProblems problems={tracking} timeZone={timeZone} />
        <StatsTiles stats={stats} />
        <RevenueChart days={revenue} />
        <RecentOrders orders={recent} />
        <LowStock items={lowStock} threshold={lowStockThreshold} />
        <BackupStatus last={backup && { createdAt: backup.createdAt, uploads: backup.uploads.count }} timeZone={timeZone} />
        <ShopTimeZoneForm timeZone={timeZone} />
      </div>
    </>
  );
}
