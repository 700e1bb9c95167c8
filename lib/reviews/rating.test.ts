import { halfStars, ratingSummary, starFills } from "@/lib/reviews/rating";

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

describe("starFills", () => {
  it("fills whole and half stars only as far as the average goes", () => {
    expect(starFills(4.5)).toEqual(["full", "full", "full", "full", "half"]);
    expect(starFills(3)).toEqual(["full", "full", "full", "empty", "empty"]);
    expect(starFills(1)).toEqual(["full", "empty", "empty", "empty", "empty"]);
  });
});
