import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { CustomerStats } from "@/components/admin/customer-stats";
import { CustomersTable } from "@/components/admin/customers-table";
import { requireAdminPage } from "@/lib/auth/guard";
import { customerStats, listCustomers } from "@/lib/customers/service";

export const metadata: Metadata = { title: "Customers" };

export default async function AdminCustomersPage() {
  await requireAdminPage();
  const [customers, stats] = await Promise.all([listCustomers(), customerStats()]);
  return (
    <>
      <AdminPageHeader title="Customers" description="Shoppers who have ordered or signed up for the newsletter." />
      <div className="flex flex-col gap-6">
        <CustomerStats stats={stats} />
        <CustomersTable customers={customers} />
      </div>
    </>
  );
}
