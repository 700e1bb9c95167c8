/**
 * What a row of stars says, from the approved reviews only (count and the sum
 * of their stars, kept on the product by ./service.ts). Pure, so the product
 * card (a client component), the product page, the JSON-LD and the API read
 * the same numbers. No reviews: no rating at all — never a row of filled stars.
 */
export type RatingSummary = {
  /** The mean rounded to the nearest half star: 4.5 */
  average: number;
  count: number;
  /** "4.5 · 12 reviews": what the row shows */
  label: string;
  /** "Rated 4.5 out of 5 from 12 reviews": the row's accessible name */
  accessibleName: string;
};

/** The mean rounded to the nearest half (ties up): 4.25 → 4.5, 4.24 → 4. */
export function halfStars(count: number, starTotal: number): number {
  return Math.round((starTotal / count) * 2) / 2;
}

export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}

export function ratingSummary(count: number, starTotal: number): RatingSummary | null {
  if (!Number.isSafeInteger(count) || count <= 0 || !Number.isSafeInteger(starTotal) || starTotal < count || starTotal > count * 5) return null;
  const average = halfStars(count, starTotal);
  const shown = Number.isInteger(average) ? String(average) : average.toFixed(1);
  return {
    average,
    count,
    label: `${shown} · ${reviewCountText(count)}`,
    accessibleName: `Rated ${shown} out of 5 from ${reviewCountText(count)}`,
  };
}
