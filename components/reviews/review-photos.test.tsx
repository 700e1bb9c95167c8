import { renderToStaticMarkup } from "react-dom/server";
import { ReviewPhotos } from "@/components/reviews/review-photos";

describe("a review's photos on the page", () => {
  it("are shown from their small copy as stored, never through the image optimizer (whose copies would outlive a hide)", () => {
    const html = renderToStaticMarkup(
      <ReviewPhotos
        photos={[
          { url: "/uploads/reviews/0123456789abcdef0123456789abcdef.webp", width: 2000, height: 1333, thumbUrl: "/uploads/reviews/fedcba9876543210fedcba9876543210.webp" },
          { url: "/uploads/abcdefabcdefabcdefabcdefabcdefab.webp", width: 800, height: 600 },
        ]}
        author="Dana R."
        productName="Walnut bowl"
      />,
    );
    expect(html).toContain('src="/uploads/reviews/fedcba9876543210fedcba9876543210.webp"');
    expect(html).toContain('src="/uploads/abcdefabcdefabcdefabcdefabcdefab.webp"'); // sent before small copies: shown whole
    expect(html).toContain('alt="Photo 1 of Walnut bowl, by Dana R."');
    expect(html).not.toMatch(/\/img\/|_next\/image|srcSet|srcset/);
  });
});
