import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { CommissionActions } from "@/components/admin/commission-actions";
import { CommissionBalance } from "@/components/admin/commission-balance";
import { CommissionGallery } from "@/components/admin/commission-gallery";
import { listAdminCategories } from "@/lib/catalog/admin-queries";
import { formatDateTime } from "@/components/admin/format";
import { Badge } from "@/components/ui/badge";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { readEntityId } from "@/lib/admin/ids";
import { requireAdminPage } from "@/lib/auth/guard";
import { getCommissionForAdmin } from "@/lib/commissions/queries";
import { canPublish, COMMISSION_STATUS_LABELS, defaultQuoteExpiry, type CommissionStatus } from "@/lib/commissions/rules";
import { BUDGET_RANGES, type BudgetRange } from "@/lib/commissions/schemas";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Commission" };

const at = (d: Date) => formatDateTime(d.toISOString());
const QUOTE_STATUS = { open: "Open", paid: "Paid", withdrawn: "Replaced or withdrawn" } as const;

/** One commission: the request and its photos, the thread, the quotes, the audit trail, and the maker's actions. */
export default async function AdminCommissionPage(props: { params: Promise<{ id: string }> }) {
  await requireAdminPage();
  const id = readEntityId((await props.params).id);
  const commission = id ? await getCommissionForAdmin(id) : null;
  if (!commission) notFound();
  const status = commission.status as CommissionStatus;
  const defaultExpiry = defaultQuoteExpiry();
  return (
    <>
      <AdminPageHeader
        title={`Commission ${commission.reference}`}
        description={
          <>
            From {commission.name} &lt;{commission.email}&gt; · received {at(commission.createdAt)} ·{" "}
            <Link href="/admin/commissions" className="text-primary underline underline-offset-4">
              all commissions
            </Link>
          </>
        }
        actions={<Badge data-testid="admin-commission-status">{COMMISSION_STATUS_LABELS[status]}</Badge>}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="request-title" className="rounded-lg border bg-card p-4">
            <h2 id="request-title" className="font-sans text-base font-semibold">
              The request
            </h2>
            <p className="mt-2 text-sm whitespace-pre-wrap">{commission.description}</p>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {commission.product && (
                <>
                  <dt className="text-muted-foreground">Like</dt>
                  <dd>
                    <Link href={`/product/${commission.product.slug}`} className="text-primary underline-offset-4 hover:underline">
                      {commission.product.name}
                    </Link>
                  </dd>
                </>
              )}
              <dt className="text-muted-foreground">Material</dt>
              <dd>{commission.material ?? "—"}</dd>
              <dt className="text-muted-foreground">Size</dt>
              <dd>{commission.size ?? "—"}</dd>
              <dt className="text-muted-foreground">Budget</dt>
              <dd>{BUDGET_RANGES[commission.budget as BudgetRange] ?? commission.budget}</dd>
              <dt className="text-muted-foreground">Wanted by</dt>
              <dd>{commission.wantedBy ? commission.wantedBy.toISOString().slice(0, 10) : "—"}</dd>
              <dt className="text-muted-foreground">Gallery</dt>
              <dd data-testid="admin-commission-consent">{commission.galleryConsent ? "The shopper agreed to show the finished piece" : "Not agreed"}</dd>
            </dl>
            {commission.photos.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Reference photos">
                {commission.photos.map((photo, i) => (
                  <li key={photo.url}>
                    <a href={photo.url} className="block rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                      <ResponsiveImage
                        src={photo.url}
                        alt={`Reference photo ${i + 1} of ${commission.photos.length}`}
                        width={photo.width}
                        height={photo.height}
                        sizes="128px"
                        className="size-28 rounded-md border object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="thread-title">
            <h2 id="thread-title" className="font-sans text-base font-semibold">
              Thread
            </h2>
            {commission.messages.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No messages yet.</p>
            ) : (
              <ol className="mt-3 grid gap-3" data-testid="admin-commission-thread">
                {commission.messages.map((m) => (
                  <li key={m.id} className={m.author === "maker" ? "rounded-lg border bg-accent/40 p-3" : "rounded-lg border bg-card p-3"}>
                    <p className="text-xs text-muted-foreground">
                      {m.author === "maker" ? `You${m.adminName ? ` (${m.adminName})` : ""}` : commission.name} · {at(m.createdAt)}
                    </p>
                    <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          {commission.quotes.length > 0 && (
            <section aria-labelledby="quotes-title">
              <h2 id="quotes-title" className="font-sans text-base font-semibold">
                Quotes
              </h2>
              <ul className="mt-3 grid gap-2 text-sm" data-testid="admin-commission-quotes">
                {commission.quotes.map((q) => (
                  <li key={q.id} className="rounded-lg border bg-card p-3">
                    {q.balanceOf ? (
                      <>
                        <span className="font-medium">{formatMoney(q.total)}</span> balance link for order <span className="font-mono">{q.balanceOf}</span>
                      </>
                    ) : (
                      <>
                        <span className="font-medium">{formatMoney(q.total)}</span> ({formatMoney(q.priceCents)} + {q.shippingCents ? formatMoney(q.shippingCents) : "free"} shipping)
                        {q.deposit !== null && <> · deposit {formatMoney(q.deposit)}</>} · {q.leadTimeMinDays}–{q.leadTimeMaxDays} working days
                      </>
                    )}{" "}
                    · valid until {q.expiresAt.toISOString().slice(0, 10)} · {QUOTE_STATUS[q.status]} · sent {at(q.createdAt)}
                    {q.adminName ? ` by ${q.adminName}` : ""}
                    {q.paidAt && (
                      <p className="mt-1 font-medium" data-testid="admin-commission-paid">
                        Paid {at(q.paidAt)}
                        {q.orderNumber && (
                          <>
                            {" "}
                            · order <span className="font-mono">{q.orderNumber}</span>
                            {q.orderStatus && (
                              <>
                                ,{" "}
                                <Link href={`/admin/orders?status=${q.orderStatus}`} className="text-primary underline underline-offset-4">
                                  {q.orderStatus}
                                </Link>
                              </>
                            )}
                          </>
                        )}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="grid content-start gap-6">
          <CommissionActions id={commission.id} status={status} defaultExpiry={defaultExpiry} />
          {commission.balance && <CommissionBalance id={commission.id} {...commission.balance} defaultExpiry={defaultExpiry} />}
          <CommissionGallery
            id={commission.id}
            piece={commission.galleryPiece}
            refusal={canPublish({ status, galleryConsent: commission.galleryConsent, published: null, quoted: commission.quotes.length > 0 })}
            categories={(await listAdminCategories()).map((c) => ({ id: c.id, name: c.name }))}
          />
          <section aria-labelledby="trail-title" className="rounded-lg border bg-card p-4">
            <h2 id="trail-title" className="font-sans text-base font-semibold">
              Audit trail
            </h2>
            {commission.trail.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">Nothing done yet.</p>
            ) : (
              <ol className="mt-2 grid gap-1 text-sm">
                {commission.trail.map((t) => (
                  <li key={t.id}>
                    {at(t.createdAt)} · {t.adminName} · {t.action}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
