import { renderToStaticMarkup } from "react-dom/server";
import { ReviewStars, StarRating } from "@/components/reviews/star-rating";

describe("StarRating", () => {
  it("renders no star without reviews: nothing, or the text it is given", () => {
    expect(renderToStaticMarkup(<StarRating count={0} starTotal={0} />)).toBe("");
    expect(renderToStaticMarkup(<StarRating count={0} starTotal={0} empty={<p>No reviews yet</p>} />)).toBe("<p>No reviews yet</p>");
  });

  it("shows the average in half stars and the count, and its accessible name says the same", () => {
    const html = renderToStaticMarkup(<StarRating count={12} starTotal={54} />);
    expect(html).toBe(
      '<span class="stars" role="img" aria-label="Rated 4.5 out of 5 from 12 reviews" data-testid="star-rating"><span class="stars-row" data-average="4.5"></span>4.5 · 12 reviews</span>',
    );
  });

  it("one review's stars are named by its rating", () => {
    expect(renderToStaticMarkup(<ReviewStars rating={3} />)).toContain('role="img" aria-label="3 out of 5 stars"');
    expect(renderToStaticMarkup(<ReviewStars rating={3} />)).toContain('data-average="3"');
  });
});
