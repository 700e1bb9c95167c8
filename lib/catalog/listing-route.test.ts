import { cachedListingPath, cachedSearchPath, listingQueryFromSegments, type ListingPageCounts } from "@/lib/catalog/listing-route";
import { noteSearch } from "@/lib/catalog/popular-searches";

const pages: ListingPageCounts = { all: 4, categories: { "wood-bowls": 2, jigs: 1 } };

const path = (url: string) => {
  const u = new URL(url, "http://shop.test");
  return cachedListingPath(u.pathname, u.searchParams, pages);
};

describe("cached listing routes", () => {
  it("maps listings without a search to one cached page per known category, sort and page", () => {
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

  it("renders unknown categories and pages past the last on demand (no cached page for them)", () => {
    expect(path("/shop/no-such-category")).toBeNull();
    expect(path("/shop/no-such-category?page=2")).toBeNull();
    expect(path("/shop/constructor")).toBeNull();
    expect(path("/shop?page=5")).toBeNull();
    expect(path("/shop/wood-bowls?page=3")).toBeNull();
    expect(path("/shop/jigs?page=2&sort=newest")).toBeNull();
    expect(path("/shop/jigs?page=1&sort=newest")).toBe("/listing/jigs/newest/1");
  });

  it("rebuilds the URL query the listing components expect", () => {
    expect(listingQueryFromSegments("featured", "1")).toEqual({});
    expect(listingQueryFromSegments("newest", "4")).toEqual({ sort: "newest", page: "4" });
    expect(listingQueryFromSegments("nope", "x")).toEqual({});
  });

  it("maps a search of a known listing to its cached route, the term as typed, up to page 5", () => {
    const search = (url: string) => {
      const u = new URL(url, "http://shop.test");
      return cachedSearchPath(u.pathname, u.searchParams, pages);
    };
    expect(search("/shop?search=Walnut%20bowl")).toBe("/listing/_all/featured/1/Walnut%20bowl");
    expect(search("/shop/wood-bowls?search=burl&sort=newest&page=2")).toBe("/listing/wood-bowls/newest/2/burl");
    expect(search("/shop?search=%20%20")).toBeNull();
    expect(search("/shop?search=jig&page=6")).toBeNull();
    expect(search("/shop/no-such-category?search=jig")).toBeNull();
    expect(search("/shop?search=a%2Fb%3F%23")).toBe("/listing/_all/featured/1/a%2Fb%3F%23");
    expect(listingQueryFromSegments("featured", "1", "Walnut bowl")).toEqual({ search: "Walnut bowl" });
  });

  it("counts a term as popular from its second search, whatever its case and spacing", () => {
    const term = `Maple ${Date.now()}`;
    expect(noteSearch(term)).toBe(false);
    expect(noteSearch(`  maple   ${term.split(" ")[1]} `)).toBe(true);
    expect(noteSearch("!!!")).toBe(false);
    expect(noteSearch("!!!")).toBe(false);
  });
});
