import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ReviewsList } from "@/components/admin/reviews-list";
import { requireAdminPage } from "@/lib/auth/guard";
import { ADMIN_REVIEW_STATUSES, type AdminReviewStatus } from "@/lib/reviews/admin-schemas";
import { listReviewsForAdmin } from "@/lib/reviews/queries";
import { cn } from "@/lib/utils";

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
      <nav aria-label="Review status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const current = tab.status === status;
            return (
              <li key={tab.label}>
                <Link
                  href={`/admin/reviews?status=${tab.status ?? "all"}`}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-10 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    current ? "bg-primary text-primary-foreground" : "bg-card hover:bg-accent",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ReviewsList reviews={reviews} />
    </>
  );
}
