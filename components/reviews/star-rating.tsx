import { ratingSummary } from "@/lib/catalog/rating";

/**
 * The real average of a product's (or a category's, or the shop's) approved
 * reviews in half stars, with its count in words ("4.5 · 12 reviews"); the
 * row's accessible name says the same ("Rated 4.5 out of 5 from 12 reviews").
 * Without reviews it renders `empty` (nothing by default): never a row of
 * filled stars that no review stands behind.
 *
 * The stars are drawn by CSS (`.stars-row` in app/globals.css: a star mask,
 * amber up to the average read from `data-average`): the product card, a
 * client component, renders this, and a listing's first-load JavaScript has
 * no room for star markup or helpers (its 150 KB budget, tests/e2e/budget.spec.ts).
 */
export function StarRating({ count, starTotal, empty = null }: { count: number; starTotal: number; empty?: React.ReactNode }) {
  const summary = ratingSummary(count, starTotal);
  if (!summary) return <>{empty}</>;
  return (
    <span className="stars" role="img" aria-label={summary.accessibleName} data-testid="star-rating">
      <span className="stars-row" data-average={summary.average} />
      {summary.label}
    </span>
  );
}

/** One review's stars: "4 out of 5 stars". */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`} data-testid="review-stars">
      <span className="stars-row" data-average={rating} />
    </span>
  );
}
