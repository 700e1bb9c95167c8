import { mapProductVariantRequest, productVariantRewrites, isProductVariantPath } from "@/lib/catalog/variant-url.mjs";
import { NOT_FOUND_PATH } from "@/lib/catalog/listing-url.mjs";
import { SKU_PATTERN } from "@/lib/catalog/variants";
import { SKU_SOURCE } from "@/lib/catalog/variant-url.mjs";
import { rewrittenListingPath } from "../../tests/helpers/listing-rewrites";

/** The front server's target and next.config.ts's rewrite agree: the path Next serves (null: the request is left as it is). */
function mapped(url: string): string | null {
  const byFrontServer = mapProductVariantRequest(url);
  const rewritten = rewrittenListingPath(url, productVariantRewrites());
  const front = byFrontServer.notFound ? NOT_FOUND_PATH : byFrontServer.target === null ? null : new URL(byFrontServer.target, "http://shop.test").pathname;
  if (front !== null && !byFrontServer.notFound) expect(new URL(byFrontServer.target!, "http://shop.test").search).toBe(new URL(url, "http://shop.test").search);
  expect({ url, front }).toEqual({ url, front: rewritten === null ? null : new URL(rewritten, "http://shop.test").pathname });
  return front;
}

describe("product pages with a variant chosen (front server and next.config.ts rewrites alike)", () => {
  it("sends /product/{slug}?variant={SKU} to the variant's cached page, the query kept", () => {
    expect(mapped("/product/dowel-jig?variant=DJ-8MM")).toBe("/product-variant/dowel-jig/DJ-8MM");
    expect(mapped("/product/dowel-jig?utm_source=mail&variant=DJ-8MM&_rsc=x1")).toBe("/product-variant/dowel-jig/DJ-8MM");
    expect(mapProductVariantRequest("/product/dowel-jig?variant=DJ-8MM&_rsc=x1")).toEqual({ notFound: false, target: "/product-variant/dowel-jig/DJ-8MM?variant=DJ-8MM&_rsc=x1" });
    // A repeated parameter counts by its last value.
    expect(mapped("/product/dowel-jig?variant=DJ-6MM&variant=DJ-8MM")).toBe("/product-variant/dowel-jig/DJ-8MM");
  });

  it("leaves the plain page, and anything not plainly a product and a SKU, to the plain product page", () => {
    for (const url of [
      "/product/dowel-jig",
      "/product/dowel-jig?size=8",
      "/product/dowel-jig?variant=",
      "/product/dowel-jig?variant=dj-8mm",
      "/product/dowel-jig?variant=DJ 8",
      "/product/dowel-jig?variant=-DJ",
      "/product/dowel-jig?variant=%2E%2E",
      `/product/dowel-jig?variant=${"A".repeat(41)}`,
      "/product/Dowel-Jig?variant=DJ-8MM",
      "/product/dowel-jig/?variant=DJ-8MM",
      "/product/dowel%2Djig?variant=DJ-8MM",
      "/product?variant=DJ-8MM",
      "/shop?variant=DJ-8MM",
    ]) {
      expect({ url, to: mapped(url) }).toEqual({ url, to: null });
    }
  });

  it("answers a direct request for the cached route with the 404 page, however it is spelled", () => {
    for (const path of ["/product-variant", "/product-variant/dowel-jig/DJ-8MM"]) expect(mapped(path)).toBe(NOT_FOUND_PATH);
    for (const path of ["/PRODUCT-VARIANT/dowel-jig/DJ-8MM", "/shop/../product-variant/x/Y", "/product%2Dvariant/x/Y"]) expect(isProductVariantPath(path)).toBe(true);
    expect(isProductVariantPath("/product-variants")).toBe(false);
  });

  it("takes the SKU rule from lib/catalog/variants.ts", () => {
    expect(SKU_SOURCE).toBe(SKU_PATTERN.source.slice(1, -1));
  });
});
