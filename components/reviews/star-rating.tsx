import { ratingSummary, starFills } from "@/lib/reviews/rating";
import { cn } from "@/lib/utils";

/**
 * The real average of a product's (or a category's, or the shop's) approved
 * reviews in half stars, with its count in words ("4.5 · 12 reviews"); the
 * row's accessible name says the same ("Rated 4.5 out of 5 from 12 reviews").
 * Without reviews it renders `empty` (nothing by default): never a row of
 * filled stars that no review stands behind.
 */
export function StarRating({ count, starTotal, empty = null, className }: { count: number; starTotal: number; empty?: React.ReactNode; className?: string }) {
  const summary = ratingSummary(count, starTotal);
  if (!summary) return <>{empty}</>;
  return (
    <span className={cn("stars", className)} role="img" aria-label={summary.accessibleName} data-testid="star-rating">
      <StarRow average={summary.average} />
      <span className="stars-label">{summary.label}</span>
    </span>
  );
}

/** One review's stars: "4 out of 5 stars". */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`} data-testid="review-stars">
      <StarRow average={rating} />
    </span>
  );
}

function StarRow({ average }: { average: number }) {
  return (
    <span className="stars-row">
      {starFills(average).map((fill, i) => (
        <span key={i} className="star" data-fill={fill}>
          <StarShape />
          {fill !== "empty" && (
            <span className="star-on">
              <StarShape />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

function StarShape() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="currentColor" />
    </svg>
  );
}
