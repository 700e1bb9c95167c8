/**
 * A product page with a variant chosen: /product/{slug}?variant={SKU}
 * is the address a shopper shares, and it is served, the browser keeping its
 * address, by the cached route /product-variant/{slug}/{SKU}
 * (app/(shop)/product-variant), rendered with that variant chosen. The plain
 * /product/{slug} never reads its query, so it stays one cached page whatever
 * is appended to it; each variant's page is cached as its own page. A SKU no
 * variant of the product has redirects to the plain page (nothing stored per
 * made-up SKU beyond what an unknown product slug stores).
 *
 * Only a plainly spelled path (/product/{slug}: the slug rule, nothing
 * encoded) and a SKU of the SKU rule (lib/catalog/variants.ts SKU_PATTERN) in
 * the last `variant` parameter are mapped; anything else renders the plain
 * product page, which shows the default variant. Other parameters are kept.
 *
 * Who maps it, as for listings (lib/catalog/listing-url.mjs): `npm start`'s
 * front server (mapProductVariantRequest), which also answers a direct
 * /product-variant request with the 404 page; elsewhere (`next dev`, Vercel)
 * next.config.ts's rewrites (productVariantRewrites), built from the same
 * patterns. lib/catalog/variant-url.test.ts checks that both map alike.
 *
 * Plain JavaScript: the front server and next.config.ts load it outside the app's bundles.
 */
import { routedPath } from "../net/routed-path.mjs";
import { NOT_FOUND_PATH } from "./listing-url.mjs";

export const VARIANT_ROUTE_PREFIX = "/product-variant";
/** The same rule as lib/catalog/variants.ts SKU_PATTERN. */
export const SKU_SOURCE = "[A-Z0-9](?:[A-Z0-9-]{0,38}[A-Z0-9])?";
const SLUG_SOURCE = "[a-z0-9]+(?:-[a-z0-9]+)*";
const PRODUCT_PATH = new RegExp(`^/product/(${SLUG_SOURCE})$`);
const SKU_RE = new RegExp(`^${SKU_SOURCE}$`);

/** True for the cached route's own paths (however spelled: routed as Next routes them), which no one may ask for directly. */
export function isProductVariantPath(pathname) {
  const routed = routedPath(pathname);
  return routed === VARIANT_ROUTE_PREFIX || routed.startsWith(`${VARIANT_ROUTE_PREFIX}/`);
}

/** The cached route's path for a product page with a variant chosen. */
export function productVariantRoutePath(slug, sku) {
  return `${VARIANT_ROUTE_PREFIX}/${slug}/${sku}`;
}

/**
 * How `npm start`'s front server maps a request target: a direct request for
 * the cached route is the 404 page (notFound); a product page naming a
 * variant goes to its cached route (target, the query kept); anything else
 * is left to Next (target null).
 * @returns {{ notFound: boolean, target: string | null }}
 */
export function mapProductVariantRequest(target) {
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  if (isProductVariantPath(pathname)) return { notFound: true, target: null };
  if (queryStart === -1) return { notFound: false, target: null };
  const product = PRODUCT_PATH.exec(pathname);
  if (!product || product[1].length > 200) return { notFound: false, target: null };
  const sku = new URLSearchParams(target.slice(queryStart)).getAll("variant").at(-1);
  if (sku === undefined || !SKU_RE.test(sku)) return { notFound: false, target: null };
  return { notFound: false, target: productVariantRoutePath(product[1], sku) + target.slice(queryStart) };
}

/** The same mapping as next.config.ts rewrites (`next dev`, Vercel): a direct request to the 404 page, then the product page with a variant. */
export function productVariantRewrites() {
  return [
    { source: `${VARIANT_ROUTE_PREFIX}/:path*`, destination: NOT_FOUND_PATH },
    { source: `/product/:slug(${SLUG_SOURCE})`, has: [{ type: "query", key: "variant", value: `(?<sku>${SKU_SOURCE})` }], destination: `${VARIANT_ROUTE_PREFIX}/:slug/:sku` },
  ];
}
