import type { Metadata } from "next";
import { LinkRefused } from "@/components/layout/link-refused";
import { ReviewForm } from "@/components/reviews/review-form";
import { openReviewLink, REVIEW_LINK_MESSAGES } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Review your purchase", robots: { index: false, follow: false } };

type ReviewPageProps = { params: Promise<{ orderNumber: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The page a review link opens (/review/{orderNumber}?token=…, emailed to the
 * buyer and shown on the order-status page once the order is delivered): the
 * form, or why the link is refused (expired, used, another order's, not yet delivered).
 */
export default async function ReviewPage(props: ReviewPageProps) {
  const [{ orderNumber }, query] = await Promise.all([props.params, props.searchParams]);
  const token = typeof query.token === "string" ? query.token : null;
  const link = token && orderNumber.length <= 100 ? await openReviewLink(orderNumber, token) : ({ ok: false, message: REVIEW_LINK_MESSAGES.invalid } as const);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold">Review your purchase</h1>
      {link.ok ? (
        <>
          <p className="mt-3 text-muted-foreground">
            Hi {link.item.firstName}, how is your <span className="font-medium text-foreground">{link.item.productName}</span>? Your review is shown with your first name and last initial and a
            &ldquo;Verified buyer&rdquo; mark, once the maker has read it.
          </p>
          <div className="mt-8">
            <ReviewForm orderNumber={orderNumber} token={token!} productName={link.item.productName} />
          </div>
        </>
      ) : (
        <LinkRefused testId="review-link-refused" message={link.message} wayOn="shop-or-contact" />
      )}
    </div>
  );
}
