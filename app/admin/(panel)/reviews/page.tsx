import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { StatusTabs } from "@/components/admin/status-tabs";
import { ReviewsList } from "@/components/admin/reviews-list";
import { requireAdminPage } from "@/lib/auth/guard";
import { ADMIN_REVIEW_STATUSES, type AdminReviewStatus } from "@/lib/reviews/admin-schemas";
import { listReviewsForAdmin } from "@/lib/reviews/queries";

export const metadata: Metadata = { title: "Reviews" };

const TABS: { status: AdminReviewStatus | null; label: string }[] = [
  { status: "pending", label: "Waiting" },
  { status: "approved", label: "Published" },
  { status: "hidden", label: "Hidden" },
  { status: null, label: "All" },
];

/** Reviews waiting for the maker, then the published and hidden ones; filtered by status only (never by stars). */
export default async function AdminReviewsPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const raw = (await props.searchParams).status;
  const status: AdminReviewStatus | null =
    raw === undefined ? "pending" : raw === "all" ? null : (ADMIN_REVIEW_STATUSES as readonly string[]).includes(String(raw)) ? (raw as AdminReviewStatus) : "pending";
  const reviews = await listReviewsForAdmin(status ?? undefined);
  return (
    <>
      <AdminPageHeader title="Reviews" description="Approve what buyers wrote, or hide a review for what it says (abuse, personal data, off-topic) — never for its stars." />
      <StatusTabs label="Review status" tabs={TABS.map((tab) => ({ label: tab.label, href: `/admin/reviews?status=${tab.status ?? "all"}`, current: tab.status === status }))} />
      <ReviewsList reviews={reviews} />
    </>
  );
}
