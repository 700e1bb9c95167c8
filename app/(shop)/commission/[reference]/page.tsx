import type { Metadata } from "next";
import { LinkRefused } from "@/components/layout/link-refused";
import { CommissionReplyForm } from "@/components/commissions/commission-reply-form";
import { COMMISSION_STATUS_LABELS, isOpenCommission, type CommissionStatus } from "@/lib/commissions/rules";
import { BUDGET_RANGES, type BudgetRange } from "@/lib/commissions/schemas";
import { openThread } from "@/lib/commissions/service";

export const metadata: Metadata = { title: "Your commission", robots: { index: false, follow: false } };

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const when = (d: Date) => d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** The shopper's commission (the link in every email about it): the request, its status, the thread and a reply box. */
export default async function CommissionThreadPage(props: Props) {
  const [{ reference }, query] = await Promise.all([props.params, props.searchParams]);
  const token = typeof query.token === "string" ? query.token : null;
  const thread = token && reference.length <= 40 ? await openThread(reference, token) : ({ ok: false, message: "This link is not valid. Please use the link from your email." } as const);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold">Your commission</h1>
      {thread.ok ? (
        <>
          <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Reference</dt>
            <dd className="font-medium">{thread.commission.reference}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="font-medium" data-testid="commission-status">
              {COMMISSION_STATUS_LABELS[thread.commission.status as CommissionStatus]}
            </dd>
            <dt className="text-muted-foreground">Budget</dt>
            <dd>{BUDGET_RANGES[thread.commission.budget as BudgetRange] ?? thread.commission.budget}</dd>
          </dl>
          <section aria-labelledby="request-title" className="mt-6 rounded-lg border bg-card p-4">
            <h2 id="request-title" className="font-sans text-base font-semibold">
              What you asked for
            </h2>
            <p className="mt-2 text-sm whitespace-pre-wrap">{thread.commission.description}</p>
          </section>
          <section aria-labelledby="thread-title" className="mt-6">
            <h2 id="thread-title" className="font-sans text-base font-semibold">
              Messages
            </h2>
            {thread.commission.messages.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No messages yet: the maker replies within two working days.</p>
            ) : (
              <ol className="mt-3 grid gap-3" data-testid="commission-thread">
                {thread.commission.messages.map((m) => (
                  <li key={m.id} className={m.author === "maker" ? "rounded-lg border bg-accent/40 p-3" : "rounded-lg border bg-card p-3"}>
                    <p className="text-xs text-muted-foreground">
                      {m.author === "maker" ? "The maker" : "You"} · {when(m.createdAt)}
                    </p>
                    <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {isOpenCommission(thread.commission.status as CommissionStatus) && (
            <section className="mt-6">
              <CommissionReplyForm reference={thread.commission.reference} token={token!} />
            </section>
          )}
        </>
      ) : (
        <LinkRefused testId="commission-link-refused" message={thread.message} wayOn="contact" />
      )}
    </div>
  );
}
