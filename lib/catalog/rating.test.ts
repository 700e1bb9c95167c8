import { halfStars, ratingSummary } from "@/lib/catalog/rating";
import { toProductCard } from "@/lib/catalog/types";

describe("ratingSummary", () => {
  it("is null without approved reviews, and for counts that cannot be", () => {
    expect(ratingSummary(0, 0)).toBeNull();
    expect(ratingSummary(2, 1)).toBeNull();
    expect(ratingSummary(2, 11)).toBeNull();
    expect(ratingSummary(-1, 5)).toBeNull();
  });

  it("rounds the mean to half stars and says the count", () => {
    expect(ratingSummary(12, 54)).toEqual({ average: 4.5, count: 12, label: "4.5 · 12 reviews", accessibleName: "Rated 4.5 out of 5 from 12 reviews" });
    expect(ratingSummary(1, 5)).toMatchObject({ average: 5, label: "5 · 1 review", accessibleName: "Rated 5 out of 5 from 1 review" });
    expect(ratingSummary(3, 10)?.average).toBe(3.5); // 3.33 → 3.5
    expect(ratingSummary(4, 17)?.average).toBe(4.5); // 4.25 → 4.5
    expect(ratingSummary(5, 21)?.average).toBe(4); // 4.2 → 4
  });

  it("halfStars is the mean to the nearest half", () => {
    expect(halfStars(4, 13)).toBe(3.5);
    expect(halfStars(2, 3)).toBe(1.5);
  });
});

describe("a product card's rating", () => {
  const product = {
    id: 1,
    name: "Bowl",
    slug: "bowl",
    description: "A bowl.",
    shortDescription: null,
    price: "10.00",
    categoryId: 1,
    category: { name: "Bowls", slug: "bowls" },
    images: [],
    media: [],
    videoUrl: null,
    featured: false,
    uniqueItem: false,
    sold: false,
    showInGallery: false,
    active: true,
    seoTitle: null,
    seoDescription: null,
    kind: "made_to_order" as const,
    stock: null,
    leadTimeMinDays: null,
    leadTimeMaxDays: null,
    allowBackorder: false,
    createdAt: new Date(0).toISOString(),
    reviewCount: 0,
    reviewStarTotal: 0,
  };

  it("is left out without approved reviews, so the card shows no stars", () => {
    expect(toProductCard(product)).not.toHaveProperty("rating");
  });

  it("carries the row's words and average with reviews", () => {
    expect(toProductCard({ ...product, reviewCount: 12, reviewStarTotal: 54 }).rating).toEqual(["4.5 · 12 reviews", "Rated 4.5 out of 5 from 12 reviews", 4.5]);
  });
});
