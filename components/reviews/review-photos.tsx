import type { ReviewPhoto } from "@/lib/reviews/schemas";

/**
 * A review's photos (at most 3), small, each described by who took it of what. Shown from the
 * stored small copy as it is, never through the image optimizer: a review photo is public only
 * while its review is published (app/uploads/[...path]/route.ts), and the optimizer's copies
 * would outlive a hide. (Photos sent before the small copies existed are shown whole.)
 */
export function ReviewPhotos({ photos, author, productName }: { photos: ReviewPhoto[]; author: string; productName: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" data-testid="review-photos">
      {photos.map((photo, i) => (
        <li key={photo.url}>
          {/* eslint-disable-next-line @next/next/no-img-element -- not through the optimizer: its copies would outlive a hidden review */}
          <img
            src={photo.thumbUrl ?? photo.url}
            alt={`Photo ${i + 1} of ${productName}, by ${author}`}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            decoding="async"
            className="size-28 rounded-md border object-cover sm:size-32"
          />
        </li>
      ))}
    </ul>
  );
}
