import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { statusLabel } from "@/components/admin/format";
import { OrderStatusFilter } from "@/components/admin/order-status-filter";
import { OrdersExportForm } from "@/components/admin/orders-export-form";
import { SHOP_TIME_ZONE } from "@/lib/admin/stats-queries";
import { OrdersTable } from "@/components/admin/orders-table";
import { requireAdminPage } from "@/lib/auth/guard";
import { orderFilterSchema } from "@/lib/orders/admin-schemas";
import { listOrders } from "@/lib/orders/admin-service";

export const metadata: Metadata = { title: "Orders" };

export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const parsed = orderFilterSchema.safeParse((await searchParams).status ?? "all");
  const status = parsed.success ? parsed.data : "all";
  const orders = await listOrders({ status });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const count = `${orders.length} ${orders.length === 1 ? "order" : "orders"}`;
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description={
          status === "all"
            ? `${count} in total.`
            : status === "archived"
              ? `${count} archived: deleted from the lists, kept for the books.`
              : `${count} with status ${statusLabel(status).toLowerCase()}.`
        }
        actions={<OrderStatusFilter value={status} />}
      />
      <div className="mb-4">
        <OrdersExportForm from={`${today.slice(0, 8)}01`} to={today} />
      </div>
      <OrdersTable orders={orders} emptyMessage={status === "all" ? "No orders yet." : `No ${statusLabel(status).toLowerCase()} orders.`} />
    </>
  );
}
