import { checkCdnConfiguration, parseConfiguration, sharedShape } from "@/lib/env-shared.mjs";
import { cdnAnswerPolicy, cdnTags, etagMatches, MAX_TAG_HEADER_LENGTH, SAFE_SHARED_MAX_AGE, tagHeader } from "./policy.mjs";

const NEXT_ISR = "s-maxage=3600, stale-while-revalidate=31532400";

describe("shared-cache policy", () => {
  it("without a purging CDN, a catalogue page may be kept a minute by a shared cache, then revalidated", () => {
    for (const path of ["/", "/shop", "/shop/wood-bowls", "/product/walnut-bowl", "/gallery"]) {
      const policy = cdnAnswerPolicy({ method: "GET", path, cacheControl: NEXT_ISR, purging: false });
      expect({ path, cacheControl: policy?.cacheControl }).toEqual({ path, cacheControl: "public, max-age=0, s-maxage=60, must-revalidate" });
    }
    expect(SAFE_SHARED_MAX_AGE).toBeLessThanOrEqual(60);
  });

  it("with a purging CDN, it may be kept for Next's own hour, since every change purges it", () => {
    expect(cdnAnswerPolicy({ method: "GET", path: "/shop", cacheControl: NEXT_ISR, purging: true })?.cacheControl).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=60");
  });

  it("the catalogue API reads are shared-cacheable though the route says no-store; other API answers are left alone", () => {
    expect(cdnAnswerPolicy({ method: "GET", path: "/api/products", cacheControl: "no-store", purging: false })).toEqual({
      cacheControl: "public, max-age=0, s-maxage=60, must-revalidate",
      tags: ["products", "categories", "gallery"],
    });
    expect(cdnAnswerPolicy({ method: "GET", path: "/api/search/suggest", cacheControl: "no-store", purging: true })?.tags).toEqual(["products", "categories", "gallery"]);
    expect(cdnAnswerPolicy({ method: "POST", path: "/api/products", cacheControl: "no-store", purging: true })).toBeNull();
    expect(cdnAnswerPolicy({ method: "GET", path: "/api/products", status: 400, cacheControl: "no-store", purging: true })).toBeNull();
    expect(cdnAnswerPolicy({ method: "GET", path: "/api/categories", cacheControl: undefined, purging: true })).toBeNull();
  });

  it("private routes are private, no-store and untagged, whatever Next sent", () => {
    for (const path of ["/admin", "/admin/products/3", "/cart", "/checkout", "/order-status", "/order-confirmation", "/quote/abc", "/review/MM-1", "/account", "/newsletter/confirm"]) {
      expect({ path, policy: cdnAnswerPolicy({ method: "GET", path, cacheControl: NEXT_ISR, purging: true }) }).toEqual({ path, policy: { cacheControl: "private, no-store", tags: null } });
    }
    // Not a prefix match on words: /cartography would be a public page.
    expect(cdnAnswerPolicy({ method: "GET", path: "/cartography", cacheControl: NEXT_ISR, purging: false })?.tags).not.toBeNull();
  });

  it("a public upload keeps its own Cache-Control under its own tag; a hidden review's photo (private or 404) gets none", () => {
    expect(cdnAnswerPolicy({ method: "GET", path: "/uploads/reviews/a1.webp", cacheControl: "public, max-age=300", purging: true })).toEqual({
      cacheControl: "public, max-age=300",
      tags: ["upload:/uploads/reviews/a1.webp"],
    });
    expect(cdnAnswerPolicy({ method: "GET", path: "/uploads/k9.webp", cacheControl: "public, max-age=31536000, immutable", purging: false })?.tags).toEqual(["upload:/uploads/k9.webp"]);
    expect(cdnAnswerPolicy({ method: "GET", path: "/uploads/reviews/a1.webp", cacheControl: "private, no-store", purging: true })).toBeNull();
    expect(cdnAnswerPolicy({ method: "GET", path: "/uploads/reviews/a1.webp", status: 404, cacheControl: "no-store", purging: true })).toBeNull();
    // No name the shop did not give goes into a header: spaces, commas, line breaks, non-ASCII.
    for (const path of ["/uploads/a b.webp", "/uploads/a,b.webp", "/uploads/a\r\nx: y", "/uploads/€.webp"])
      expect({ path, policy: cdnAnswerPolicy({ method: "GET", path, cacheControl: "public, max-age=300", purging: true }) }).toEqual({ path, policy: null });
  });

  it("a dynamic page Next marks private, or one without s-maxage, keeps its own headers", () => {
    expect(cdnAnswerPolicy({ method: "GET", path: "/contact", cacheControl: "private, no-cache, no-store, max-age=0, must-revalidate", purging: true })).toBeNull();
    expect(cdnAnswerPolicy({ method: "GET", path: "/icon.svg", cacheControl: "public, max-age=0", purging: true })).toBeNull();
  });

  it("tags: the catalogue-wide ones everywhere, a product page its own too; bounded in length, the wide ones always kept", () => {
    expect(cdnTags("/product/walnut-bowl")).toEqual(["products", "categories", "gallery", "product:walnut-bowl"]);
    expect(cdnTags("/shop")).toEqual(["products", "categories", "gallery"]);
    expect(tagHeader(cdnTags("/product/walnut-bowl"), " ")).toBe("products categories gallery product:walnut-bowl");
    const long = [...cdnTags("/shop"), `product:${"x".repeat(MAX_TAG_HEADER_LENGTH)}`];
    expect(tagHeader(long, ",")).toBe("products,categories,gallery");
  });

  it("If-None-Match: weak comparison, lists and *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('"abc"', undefined)).toBe(false);
  });
});

describe("CDN purge configuration", () => {
  const parse = (source: Record<string, string>) => checkCdnConfiguration(parseConfiguration(sharedShape, source));

  it("a partial configuration stops start-up naming each missing variable", () => {
    expect(() => parse({ CDN_PURGE: "fastly", FASTLY_SERVICE_ID: "svc" })).toThrow(/FASTLY_API_TOKEN: required when CDN_PURGE=fastly/);
    expect(() => parse({ CDN_PURGE: "cloudflare" })).toThrow(/CLOUDFLARE_ZONE_ID: required when CDN_PURGE=cloudflare\n {2}CLOUDFLARE_API_TOKEN: required/);
    expect(() => parse({ CDN_PURGE: "varnish" })).toThrow(/VARNISH_PURGE_URLS: required when CDN_PURGE=varnish/);
    expect(() => parse({ CDN_PURGE: "akamai" })).toThrow(/CDN_PURGE/);
    expect(() => parse({ CDN_PURGE: "varnish", VARNISH_PURGE_URLS: "varnish.local" })).toThrow(/VARNISH_PURGE_URLS: must be http\(s\):\/\/ URLs/);
  });

  it("a complete one, or none, is accepted", () => {
    expect(parse({}).CDN_PURGE).toBeUndefined();
    expect(parse({ CDN_PURGE: "varnish", VARNISH_PURGE_URLS: "http://10.0.0.5:6081/, http://10.0.0.6:6081/" }).VARNISH_PURGE_URLS).toEqual(["http://10.0.0.5:6081/", "http://10.0.0.6:6081/"]);
    expect(parse({ CDN_PURGE: "cloudflare", CLOUDFLARE_ZONE_ID: "z", CLOUDFLARE_API_TOKEN: "t" }).CLOUDFLARE_API_URL).toBe("https://api.cloudflare.com/client/v4");
  });
});
