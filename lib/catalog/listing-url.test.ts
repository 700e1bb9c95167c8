import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { isListingPath, listingRewrites, listingTarget, NOT_FOUND_PATH, parseListingRequest, searchShellTarget } from "@/lib/catalog/listing-url.mjs";
import { listingQueryFromSegments } from "@/lib/catalog/listing-route";
import { rewrittenListingPath } from "../../tests/helpers/listing-rewrites";

/** The route Next serves: its path, with the term the cached search page decodes from its last segment (spelled as it decodes). */
function routed(path: string): { path: string; term?: string } {
  const segments = path.split("/");
  if (segments.length !== 6) return { path };
  const term = decodeURIComponent(segments[5]);
  return { path: [...segments.slice(0, 5), term].join("/"), term };
}

/** next.config.ts's listing rewrites with Next's own matching; Next parses the rewritten URL, the page decodes its term segment once. */
function rewrite(url: string): { path: string; term?: string } | null {
  const path = rewrittenListingPath(url);
  return path === null ? null : routed(new URL(path, "http://shop.test").pathname);
}

/** `npm start`'s front server (server/front-server.mjs): the target it hands Next, as Next parses it. */
function frontServer(url: string): { path: string; term?: string } | null {
  const route = listingTarget(url);
  if (route === null) return null;
  const parsed = new URL(route.target, "http://shop.test");
  expect(parsed.search).toBe(new URL(url, "http://shop.test").search);
  const mapped = routed(parsed.pathname);
  expect(route.term).toBe(mapped.term);
  return mapped;
}

/** Both mappings agree; the front server's answer. */
function mapped(url: string) {
  const byFrontServer = frontServer(url);
  expect({ url, to: byFrontServer }).toEqual({ url, to: rewrite(url) });
  return byFrontServer;
}

describe("listing URLs (front server and next.config.ts rewrites alike)", () => {
  it("sends listings without a search term to one cached page per category, sort and page", () => {
    expect(mapped("/shop")).toEqual({ path: "/listing/_all/featured/1" });
    expect(mapped("/shop?sort=price-low&page=3")).toEqual({ path: "/listing/_all/price-low/3" });
    expect(mapped("/shop/wood-bowls?page=2&utm_source=mail")).toEqual({ path: "/listing/wood-bowls/featured/2" });
    expect(mapped("/shop?search=")).toEqual({ path: "/listing/_all/featured/1" });
    for (const url of ["/shop?sort=bogus", "/shop?page=0", "/shop?page=100", "/shop/Bad_Slug", "/product/x"]) expect(mapped(url)).toBeNull();
  });

  it("sends a search to its cached page with the term as typed, up to page 5", () => {
    expect(mapped("/shop?search=walnut")).toEqual({ path: "/listing/_all/featured/1/walnut", term: "walnut" });
    expect(mapped("/shop?search=Walnut%20bowl")).toEqual({ path: "/listing/_all/featured/1/Walnut bowl", term: "Walnut bowl" });
    expect(mapped("/shop?search=walnut+bowl&sort=newest&page=2")).toEqual({ path: "/listing/_all/newest/2/walnut bowl", term: "walnut bowl" });
    expect(mapped("/shop/wood-bowls?page=5&search=burl")).toEqual({ path: "/listing/wood-bowls/featured/5/burl", term: "burl" });
    expect(mapped("/shop?search=%C3%A9rable%20%E4%B8%AD")?.term).toBe("érable 中");
    expect(mapped("/shop?search=a..")?.term).toBe("a..");
    expect(mapped("/shop?search=Rock%26Roll%20%22oak%22%20%3Cb%3E%20%2B1")?.term).toBe('Rock&Roll "oak" <b> +1');
    expect(mapped(`/shop?search=${"x".repeat(100)}`)?.term).toBe("x".repeat(100));
  });

  it("counts a repeated search parameter by its last value, like the listing page itself", () => {
    expect(mapped("/shop?search=oak&search=walnut")?.term).toBe("walnut");
    expect(listingQueryFromSegments("featured", "1", "walnut")).toEqual({ search: "walnut" });
    expect(mapped("/shop?sort=newest&sort=price-low")).toEqual({ path: "/listing/_all/price-low/1" });
    // Given twice, a parameter is present even when empty: such URLs render on demand.
    for (const url of ["/shop?search=&search=", "/shop?search=oak&search=", "/shop?page=2&page=", "/shop?sort=&sort="]) expect(mapped(url)).toBeNull();
  });

  it("keeps every other parameter (the router's _rsc, campaign tags) and maps alike whatever their order", () => {
    expect(listingTarget("/shop/wood-bowls?utm_source=mail&page=2&_rsc=abc")).toEqual({ target: "/listing/wood-bowls/featured/2?utm_source=mail&page=2&_rsc=abc" });
    expect(listingTarget("/shop?_rsc=1x&search=oak+bowl")).toEqual({ target: "/listing/_all/featured/1/oak%20bowl?_rsc=1x&search=oak+bowl", term: "oak bowl" });
    for (const url of ["/shop?", "/shop?&&", "/shop?sort=newest&x=%ZZ", "/shop?page=07", "/shop?page=99", "/shop?page=5&search=a", "/shop?search=%2Bjig", "/shop?search=a%2Bb+c"]) mapped(url);
  });

  it("sends a direct request for the cached route to the 404 page, with next.config.ts's first rule too", () => {
    for (const path of ["/listing", "/listing/_all/featured/1", "/listing/_all/featured/1/walnut", "/listing/_all/search"]) {
      expect(isListingPath(path)).toBe(true);
      expect(listingRewrites()[0]).toMatchObject({ destination: NOT_FOUND_PATH });
      expect(getPathMatch(listingRewrites()[0].source, { removeUnnamedParams: true, strict: true })(path)).not.toBe(false);
    }
    for (const path of ["/listings", "/shop", "/"]) {
      expect(isListingPath(path)).toBe(false);
      expect(getPathMatch(listingRewrites()[0].source, { removeUnnamedParams: true, strict: true })(path)).toBe(false);
    }
  });

  it("leaves terms that are not one safe path segment, and later pages, to /shop on demand", () => {
    for (const term of ["a%2Fb", "a%3Fb", "a%23b", "100%25", "a%5Cb", "a%00b", "%00", "..", ".", "%20walnut", "walnut%20", "%E0%A4%A", "%", "x".repeat(101)]) {
      expect({ term, to: mapped(`/shop?search=${term}`) }).toEqual({ term, to: null });
    }
    expect(mapped("/shop?search=jig&page=6")).toBeNull();
    expect(mapped("/shop?search=jig&sort=bogus")).toBeNull();
  });

  it("rebuilds the URL query the listing components expect", () => {
    expect(listingQueryFromSegments("featured", "1")).toEqual({});
    expect(listingQueryFromSegments("newest", "4")).toEqual({ sort: "newest", page: "4" });
    expect(listingQueryFromSegments("nope", "x")).toEqual({});
    expect(listingQueryFromSegments("featured", "1", "Walnut bowl")).toEqual({ search: "Walnut bowl" });
  });

  it("sends a search to its category's results shell, one path for every term, keeping the query only for the router", () => {
    const shell = (target: string) => searchShellTarget(parseListingRequest(target)!, target);
    expect(shell("/shop?search=walnut+bowl")).toBe("/listing/_all/search");
    expect(shell("/shop?search=anything+else&sort=newest&page=3")).toBe("/listing/_all/search");
    expect(shell("/shop/wood?search=bowl")).toBe("/listing/wood/search");
    expect(shell("/shop?search=bowl&page=40")).toBe("/listing/_all/search");
    expect(shell("/shop?search=bowl&_rsc=abc12")).toBe("/listing/_all/search?search=bowl&_rsc=abc12");
    // A category segment the route cannot name renders as before.
    expect(shell("/shop/W%C3%B6od?search=bowl")).toBeNull();
    // The shell's path is a /listing path: not addressable from outside.
    expect(isListingPath("/listing/_all/search")).toBe(true);
  });
});
