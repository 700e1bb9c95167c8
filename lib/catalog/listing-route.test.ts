import { cachedListingPath, listingQueryFromSegments } from "@/lib/catalog/listing-route";

const path = (url: string) => {
  const u = new URL(url, "http://shop.test");
  return cachedListingPath(u.pathname, u.searchParams);
};

describe("cached listing routes", () => {
  it("maps listings without a search to one cached page per category, sort and page", () => {
    expect(path("/shop")).toBe("/listing/_all/featured/1");
    expect(path("/shop?sort=price-low&page=3")).toBe("/listing/_all/price-low/3");
    expect(path("/shop/wood-bowls?page=2")).toBe("/listing/wood-bowls/featured/2");
    expect(path("/shop?sort=bogus&page=-4")).toBe("/listing/_all/featured/1");
    expect(path("/shop?search=%20%20")).toBe("/listing/_all/featured/1");
  });

  it("leaves searches and other paths alone", () => {
    expect(path("/shop?search=walnut")).toBeNull();
    expect(path("/shop/wood-bowls?search=burl&sort=newest")).toBeNull();
    expect(path("/shop/Bad_Slug")).toBeNull();
    expect(path("/product/x")).toBeNull();
  });

  it("rebuilds the URL query the listing components expect", () => {
    expect(listingQueryFromSegments("featured", "1")).toEqual({});
    expect(listingQueryFromSegments("newest", "4")).toEqual({ sort: "newest", page: "4" });
    expect(listingQueryFromSegments("nope", "x")).toEqual({});
  });
});
