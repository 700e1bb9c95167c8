import { parse as parseQuery } from "node:querystring";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { listingRewrites } from "@/lib/catalog/listing-rewrites";
import { listingQueryFromSegments } from "@/lib/catalog/listing-route";

/**
 * next.config.ts's listing rewrites, applied with Next's own matching
 * (path match, `has`/`missing` on the parsed query, destination compiling):
 * where a /shop URL goes, and which term the cached search page is given.
 */
function rewrite(url: string): { path: string; term?: string } | null {
  const [pathname, search = ""] = url.split("?");
  const query = parseQuery(search);
  for (const rule of listingRewrites()) {
    const params = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true, sensitive: false })(pathname);
    if (!params) continue;
    const hasParams = matchHas({ headers: {}, cookies: {} } as never, query, rule.has, rule.missing);
    if (!hasParams) continue;
    const { parsedDestination } = prepareDestination({ appendParamsToQuery: false, destination: rule.destination, params: { ...params, ...hasParams }, query });
    // Next parses the rewritten URL, then decodes each route parameter once.
    const path = new URL(parsedDestination.pathname!, "http://shop.test").pathname;
    const segments = path.split("/");
    return segments.length === 6 ? { path, term: decodeURIComponent(segments[5]) } : { path };
  }
  return null;
}

describe("listing rewrites", () => {
  it("sends listings without a search term to one cached page per category, sort and page", () => {
    expect(rewrite("/shop")).toEqual({ path: "/listing/_all/featured/1" });
    expect(rewrite("/shop?sort=price-low&page=3")).toEqual({ path: "/listing/_all/price-low/3" });
    expect(rewrite("/shop/wood-bowls?page=2&utm_source=mail")).toEqual({ path: "/listing/wood-bowls/featured/2" });
    expect(rewrite("/shop?search=")).toEqual({ path: "/listing/_all/featured/1" });
    for (const url of ["/shop?sort=bogus", "/shop?page=0", "/shop?page=100", "/shop/Bad_Slug", "/product/x"]) expect(rewrite(url)).toBeNull();
  });

  it("sends a search to its cached page with the term as typed, up to page 5", () => {
    expect(rewrite("/shop?search=walnut")).toEqual({ path: "/listing/_all/featured/1/walnut", term: "walnut" });
    expect(rewrite("/shop?search=Walnut%20bowl")).toEqual({ path: "/listing/_all/featured/1/Walnut%20bowl", term: "Walnut bowl" });
    expect(rewrite("/shop?search=walnut+bowl&sort=newest&page=2")).toEqual({ path: "/listing/_all/newest/2/walnut%20bowl", term: "walnut bowl" });
    expect(rewrite("/shop/wood-bowls?page=5&search=burl")).toEqual({ path: "/listing/wood-bowls/featured/5/burl", term: "burl" });
    expect(rewrite("/shop?search=%C3%A9rable%20%E4%B8%AD")?.term).toBe("érable 中");
    expect(rewrite("/shop?search=a..")?.term).toBe("a..");
    expect(rewrite("/shop?search=Rock%26Roll%20%22oak%22%20%3Cb%3E%20%2B1")?.term).toBe('Rock&Roll "oak" <b> +1');
    expect(rewrite(`/shop?search=${"x".repeat(100)}`)?.term).toBe("x".repeat(100));
  });

  it("counts a repeated search parameter by its last value, like the listing page itself", () => {
    expect(rewrite("/shop?search=oak&search=walnut")?.term).toBe("walnut");
    expect(listingQueryFromSegments("featured", "1", "walnut")).toEqual({ search: "walnut" });
  });

  it("leaves terms that are not one safe path segment, and later pages, to /shop on demand", () => {
    for (const term of ["a%2Fb", "a%3Fb", "a%23b", "100%25", "a%5Cb", "a%00b", "%00", "..", ".", "%20walnut", "walnut%20", "%E0%A4%A", "%", "x".repeat(101)]) {
      expect({ term, to: rewrite(`/shop?search=${term}`) }).toEqual({ term, to: null });
    }
    expect(rewrite("/shop?search=jig&page=6")).toBeNull();
    expect(rewrite("/shop?search=jig&sort=bogus")).toBeNull();
  });

  it("rebuilds the URL query the listing components expect", () => {
    expect(listingQueryFromSegments("featured", "1")).toEqual({});
    expect(listingQueryFromSegments("newest", "4")).toEqual({ sort: "newest", page: "4" });
    expect(listingQueryFromSegments("nope", "x")).toEqual({});
    expect(listingQueryFromSegments("featured", "1", "Walnut bowl")).toEqual({ search: "Walnut bowl" });
  });
});
