import type { Metadata } from "next";
import { ActivityFilters } from "@/components/admin/activity-filters";
import { ActivityTable } from "@/components/admin/activity-table";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { activityFilterSchema, listAuditAdmins, listAuditLog } from "@/lib/audit/queries";
import { AUDIT_ENTITY_TYPES } from "@/lib/audit/service";
import { requireAdminPage } from "@/lib/auth/guard";
import { getShopTimeZone } from "@/lib/catalog/settings-service";

export const metadata: Metadata = { title: "Activity" };

/** Read-only audit log of every back-office write, newest first; filter by admin and by type. */
export default async function AdminActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const raw = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : undefined);
  const filter = activityFilterSchema.parse({ admin: one(raw.admin), type: one(raw.type), before: one(raw.before) });
  const [{ entries, nextBefore }, admins, timeZone] = await Promise.all([listAuditLog(filter), listAuditAdmins(), getShopTimeZone()]);
  const next = nextBefore ? `?${new URLSearchParams({ ...(filter.admin ? { admin: String(filter.admin) } : {}), ...(filter.type ? { type: filter.type } : {}), before: String(nextBefore) })}` : null;
  return (
    <>
      <AdminPageHeader title="Activity" description="Every change made in the back office: who, what, when, and what changed." />
      <ActivityFilters admins={admins} types={[...AUDIT_ENTITY_TYPES]} admin={filter.admin} type={filter.type} />
      <ActivityTable entries={entries} nextHref={next} timeZone={timeZone} />
    </>
  );
}
