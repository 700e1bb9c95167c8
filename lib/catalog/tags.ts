/** Cache tags of catalogue reads (re-exported by ./queries.ts; kept apart so ./search-queries.ts can use them without an import cycle). */
export const CATALOG_TAGS = {
  products: "products",
  categories: "categories",
  gallery: "gallery",
  product: (slug: string) => `product:${slug}`,
} as const;

/** Safety net only: tags do the real invalidation. */
export const REVALIDATE_SECONDS = 3600;
