import type { ListingRewrite } from "./listing-url.mjs";
export declare const VARIANT_ROUTE_PREFIX: "/product-variant";
export declare const SKU_SOURCE: string;
export declare function isProductVariantPath(pathname: string): boolean;
export declare function productVariantRoutePath(slug: string, sku: string): string;
export declare function mapProductVariantRequest(target: string): { notFound: boolean; target: string | null };
export declare function productVariantRewrites(): ListingRewrite[];
