"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { runWithToast } from "@/components/admin/action-message";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDateTime } from "@/components/admin/format";
import { ReviewPhotos } from "@/components/reviews/review-photos";
import { ReviewStars } from "@/components/reviews/star-rating";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { moderateReviewAction } from "@/lib/reviews/actions";
import type { AdminReviewDTO } from "@/lib/reviews/queries";
import { HIDE_REASON_LABELS, HIDE_REASONS } from "@/lib/reviews/schemas";

const STATUS_LABEL = { pending: "Waiting", approved: "Published", hidden: "Hidden" } as const;

/**
 * The maker's moderation, one card per review (newest first): approve, hide for
 * a content reason (recorded in the activity log), reply in public. There is no
 * sorting or filtering by stars: a review is published or hidden for what it
 * says, never for its rating.
 */
export function ReviewsList({ reviews }: { reviews: AdminReviewDTO[] }) {
  if (reviews.length === 0) return <p className="rounded-lg border bg-card p-6 text-muted-foreground">No reviews here yet.</p>;
  return (
    <ul className="grid gap-4">
      {reviews.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
    </ul>
  );
}

function ReviewCard({ review }: { review: AdminReviewDTO }) {
  const timeZone = useAdminTimeZone();
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  // No reason is chosen for the maker: hiding records the one they pick.
  const [reason, setReason] = useState<string>("");
  const [reasonError, setReasonError] = useState(false);
  const [reply, setReply] = useState(review.reply ?? "");
  const id = `review-${review.id}`;

  const run = (change: Parameters<typeof moderateReviewAction>[0]["change"], title: string) =>
    startTransition(async () => {
      const ok = await runWithToast(() => moderateReviewAction({ id: review.id, change }), { success: { title }, failure: "The review could not be changed.", logLabel: "Review moderation" });
      if (ok) router.refresh();
    });

  return (
    <li className="rounded-lg border bg-card p-4 sm:p-5" data-testid="admin-review" data-review-id={review.id}>
      <article aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStars rating={review.rating} />
          <Badge variant={review.status === "approved" ? "default" : review.status === "hidden" ? "outline" : "secondary"}>{STATUS_LABEL[review.status]}</Badge>
          <span className="text-sm text-muted-foreground">{formatDateTime(review.createdAt, timeZone)}</span>
        </div>
        <h2 id={`${id}-title`} className="mt-2 font-semibold break-words">
          {review.title}
        </h2>
        <p className="text-sm text-muted-foreground">
          {review.author} · {review.productName} · order {review.orderNumber}
        </p>
        <p className="mt-2 break-words whitespace-pre-line">{review.body}</p>
        <ReviewPhotos photos={review.photos} author={review.author} productName={review.productName} />
        {review.status === "hidden" && review.hiddenReason && <p className="mt-2 text-sm text-muted-foreground">Hidden: {review.hiddenReason}</p>}

        <div className="mt-4 flex flex-col gap-4 border-t pt-4">
          <div className="flex flex-wrap items-end gap-3">
            {review.status !== "approved" && (
              <Button type="button" disabled={busy} onClick={() => run({ action: "approve" }, "Review published")}>
                Approve
              </Button>
            )}
            {review.status !== "hidden" && (
              <div className="flex flex-wrap items-end gap-2">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-reason`}>Reason to hide</Label>
                  <NativeSelect
                    id={`${id}-reason`}
                    value={reason}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setReasonError(false);
                    }}
                    required
                    aria-invalid={reasonError || undefined}
                    aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                    className="w-64 max-w-full"
                  >
                    <option value="">Choose a reason…</option>
                    {HIDE_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {HIDE_REASON_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                  {reasonError && (
                    <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive">
                      Choose why it is hidden.
                    </p>
                  )}
                </div>
                <Button type="button" variant="outline" disabled={busy} onClick={() => (reason ? run({ action: "hide", reason }, "Review hidden") : setReasonError(true))}>
                  Hide
                </Button>
              </div>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reply`}>Public reply</Label>
            <Textarea id={`${id}-reply`} value={reply} onChange={(e) => setReply(e.target.value)} rows={3} />
            <div>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => run({ action: "reply", reply }, reply.trim() ? "Reply saved" : "Reply removed")}>
                Save reply
              </Button>
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}
