import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { StatusTabs } from "@/components/admin/status-tabs";
import { AdminTable, Td } from "@/components/admin/admin-table";
import { formatDateTime } from "@/components/admin/format";
import { Badge } from "@/components/ui/badge";
import { requireAdminPage } from "@/lib/auth/guard";
import { getShopTimeZone } from "@/lib/catalog/settings-service";
import { listCommissionsForAdmin } from "@/lib/commissions/queries";
import { COMMISSION_STATUS_LABELS, COMMISSION_STATUSES, type CommissionStatus } from "@/lib/commissions/rules";
import { BUDGET_RANGES, type BudgetRange } from "@/lib/commissions/schemas";

export const metadata: Metadata = { title: "Commissions" };

const TABS: { status: CommissionStatus | null; label: string }[] = [{ status: null, label: "Open" }, ...COMMISSION_STATUSES.map((s) => ({ status: s, label: COMMISSION_STATUS_LABELS[s] }))];

/** The Commissions board: open requests by default (new → shipped), newest first; a tab per status. */
export default async function AdminCommissionsPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const raw = (await props.searchParams).status;
  const status = (COMMISSION_STATUSES as readonly string[]).includes(String(raw)) ? (raw as CommissionStatus) : null;
  const [commissions, timeZone] = await Promise.all([listCommissionsForAdmin(status ?? undefined), getShopTimeZone()]);
  return (
    <>
      <AdminPageHeader title="Commissions" description="Requests for custom pieces: answer, quote, and move each along from new to closed." />
      <StatusTabs
        label="Commission status"
        tabs={TABS.map((tab) => ({ label: tab.label, href: tab.status ? `/admin/commissions?status=${tab.status}` : "/admin/commissions", current: tab.status === status }))}
      />
      <AdminTable caption="Commissions" columns={["Request", "From", "Budget", "Status", "Received"]}>
        <tbody>
          {commissions.length === 0 ? (
            <tr>
              <Td colSpan={5} className="text-center text-muted-foreground">
                No commissions here.
              </Td>
            </tr>
          ) : (
            commissions.map((c) => (
              <tr key={c.id} data-testid="commission-row">
                <Td className="max-w-md">
                  <Link href={`/admin/commissions/${c.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {c.reference}
                  </Link>
                  <p className="line-clamp-2 text-muted-foreground">{c.description}</p>
                </Td>
                <Td>
                  {c.name}
                  <p className="text-muted-foreground">{c.email}</p>
                </Td>
                <Td className="whitespace-nowrap">{BUDGET_RANGES[c.budget as BudgetRange] ?? c.budget}</Td>
                <Td>
                  <Badge variant={c.status === "new" ? "default" : "secondary"}>{COMMISSION_STATUS_LABELS[c.status as CommissionStatus]}</Badge>
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(c.createdAt.toISOString(), timeZone)}</Td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
    </>
  );
}
