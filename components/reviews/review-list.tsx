import { Icon } from "@/components/ui/icon";
import { ReviewPhotos } from "@/components/reviews/review-photos";
import { ReviewStars } from "@/components/reviews/star-rating";
import type { ReviewPage } from "@/lib/reviews/queries";
import { site } from "@/lib/site";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A product's approved reviews, newest first: stars, title, text (plain text,
 * escaped by React; a URL in it is never a link), the buyer's first name and
 * last initial with "Verified buyer", and the maker's public reply.
 */
export function ReviewList({ page, productName }: { page: ReviewPage; productName: string }) {
  if (page.reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 border-t pt-8" id="reviews" data-testid="product-reviews">
      <h2 id="reviews-heading" className="font-serif text-2xl font-semibold">
        Reviews of {productName}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6">
        {page.reviews.map((r) => (
          <li key={r.id} className="rounded-lg border bg-card p-4 sm:p-5" data-testid="review">
            <article aria-labelledby={`review-${r.id}-title`}>
              <ReviewStars rating={r.rating} />
              <h3 id={`review-${r.id}-title`} className="mt-2 font-semibold break-words">
                {r.title}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                <span className="font-medium text-foreground">{r.author}</span>
                <span className="ml-2 inline-flex max-w-full flex-wrap items-center gap-1 text-primary" data-testid="verified-buyer">
                  <Icon name="badge-check" className="size-4" /> Verified buyer
                </span>
                <span className="ml-2">· {dateFormat.format(new Date(r.createdAt))}</span>
              </p>
              <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-foreground/85">{r.body}</p>
              <ReviewPhotos photos={r.photos} author={r.author} productName={productName} />
              {r.reply && (
                <div className="mt-4 rounded-md border-l-4 border-primary/40 bg-muted/50 p-3 text-sm" data-testid="review-reply">
                  <p className="font-medium">Reply from {site.name}</p>
                  <p className="mt-1 break-words whitespace-pre-line">{r.reply}</p>
                </div>
              )}
            </article>
          </li>
        ))}
      </ul>
      {page.total > page.reviews.length && (
        <p className="mt-4 text-sm text-muted-foreground">
          Showing the newest {page.reviews.length} of {page.total} reviews.
        </p>
      )}
    </section>
  );
}
