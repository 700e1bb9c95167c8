/**
 * Cache tags of catalogue reads: what the app's cached reads carry, what a
 * catalogue change expires (lib/catalog/revalidate.ts expireCatalog) and what
 * a CDN in front is told to purge (lib/cdn/). Plain JavaScript: the front
 * server tags the answers it sends with the same names (lib/cdn/policy.mjs).
 */
export const CATALOG_TAGS = Object.freeze({
  products: "products",
  categories: "categories",
  gallery: "gallery",
  product: (slug) => `product:${slug}`,
  /** A file under /uploads (its URL path): a review photo is purged by it when its review is hidden. */
  upload: (urlPath) => `upload:${urlPath}`,
});
