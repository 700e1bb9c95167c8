import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListTable } from "@/components/admin/list-table";
import { formatDate } from "@/components/admin/format";
import { SubscriberUnsubscribeButton } from "@/components/admin/subscriber-unsubscribe-button";
import { requireAdminPage } from "@/lib/auth/guard";
import { getShopTimeZone } from "@/lib/catalog/settings-service";
import { listSubscribers, SUBSCRIBER_STATUSES, subscriberQuerySchema } from "@/lib/newsletter/subscriber-queries";

export const metadata: Metadata = { title: "Subscribers" };

const STATUS_LABEL: Record<string, string> = { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed", suppressed: "Suppressed" };
const SOURCE_LABEL: Record<string, string> = { footer: "Footer form", checkout: "Checkout", admin_import: "Admin", legacy: "Before consent records" };

/** Every address on the list with its status, source and consent record; search, filter, CSV export, manual unsubscribe. */
export default async function AdminSubscribersPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const raw = await props.searchParams;
  const query = subscriberQuerySchema.parse({
    q: typeof raw.q === "string" ? raw.q : undefined,
    status: typeof raw.status === "string" ? raw.status : undefined,
    page: typeof raw.page === "string" ? raw.page : undefined,
  });
  const [{ subscribers, total, page, pages, counts }, timeZone] = await Promise.all([listSubscribers(query), getShopTimeZone()]);
  const date = (iso: string | null) => (iso ? formatDate(iso, timeZone) : "—");
  const params = (extra: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ q: query.q, status: query.status, ...extra })) if (v !== undefined && v !== "") p.set(k, String(v));
    return p.toString();
  };
  return (
    <>
      <AdminPageHeader
        title="Subscribers"
        description={SUBSCRIBER_STATUSES.map((s) => `${counts[s].toLocaleString("en-US")} ${STATUS_LABEL[s].toLowerCase()}`).join(" · ")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href="/admin/newsletter" className="btn btn-outline btn-md">
              Newsletter
            </Link>
            <a href={`/api/admin/newsletter/subscribers/export?${params({})}`} className="btn btn-outline btn-md" download>
              Export CSV
            </a>
          </div>
        }
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Subscribers">
        <div className="grid gap-1">
          <label htmlFor="sub-q" className="text-sm font-medium">
            Email contains
          </label>
          <input id="sub-q" name="q" type="search" defaultValue={query.q ?? ""} className="h-10 rounded-md border bg-background px-3" />
        </div>
        <div className="grid gap-1">
          <label htmlFor="sub-status" className="text-sm font-medium">
            Status
          </label>
          <select id="sub-status" name="status" defaultValue={query.status ?? ""} className="h-10 rounded-md border bg-background px-3">
            <option value="">All</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary btn-md">
          Search
        </button>
      </form>
      <p className="mb-2 text-sm text-muted-foreground">
        {total.toLocaleString("en-US")} found{pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      <ListTable
        label="Subscribers list"
        testId="subscribers-table"
        columns={[
          "Email",
          "Status",
          "Source",
          "Consent",
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ]}
      >
        {subscribers.map((s) => (
          <tr key={s.id} className="border-b last:border-0">
            <td className="p-3 font-medium break-all">{s.email}</td>
            <td className="p-3">
              {STATUS_LABEL[s.status]}
              {s.suppressedReason ? ` (${s.suppressedReason})` : ""}
            </td>
            <td className="p-3">{SOURCE_LABEL[s.source]}</td>
            <td className="p-3">
              {s.consentAt ? date(s.consentAt) : "—"}
              {s.consentMethod ? (
                <span className="block text-muted-foreground">
                  {s.consentMethod}
                  {s.consentIp ? ` · ${s.consentIp}` : ""}
                </span>
              ) : null}
            </td>
            <td className="p-3">{s.status === "confirmed" || s.status === "pending" ? <SubscriberUnsubscribeButton id={s.id} email={s.email} /> : null}</td>
          </tr>
        ))}
      </ListTable>
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex gap-2">
          {page > 1 && (
            <Link className="btn btn-outline btn-md" href={`/admin/newsletter/subscribers?${params({ page: page - 1 })}`}>
              Previous
            </Link>
          )}
          {page < pages && (
            <Link className="btn btn-outline btn-md" href={`/admin/newsletter/subscribers?${params({ page: page + 1 })}`}>
              Next
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
