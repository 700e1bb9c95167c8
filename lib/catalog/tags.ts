/** Cache tags of catalogue reads (re-exported by ./queries.ts; kept apart so ./search-queries.ts can use them without an import cycle). The names live in lib/cache/tags.mjs, which the front server reads too. */
export { CATALOG_TAGS } from "@/lib/cache/tags.mjs";

/** Safety net only: tags do the real invalidation. */
export const REVALIDATE_SECONDS = 3600;
