import { ResponsiveImage } from "@/components/ui/responsive-image";
import type { ReviewPhoto } from "@/lib/reviews/schemas";

/** A review's photos (at most 3), small, each described by who took it of what. */
export function ReviewPhotos({ photos, author, productName }: { photos: ReviewPhoto[]; author: string; productName: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" data-testid="review-photos">
      {photos.map((photo, i) => (
        <li key={photo.url}>
          <ResponsiveImage
            src={photo.url}
            alt={`Photo ${i + 1} of ${productName}, by ${author}`}
            width={photo.width}
            height={photo.height}
            sizes="128px"
            className="size-28 rounded-md border object-cover sm:size-32"
          />
        </li>
      ))}
    </ul>
  );
}
