import { DEFAULT_SORT as LISTING_DEFAULT_SORT, SORT_VALUES } from "@/lib/catalog/listing-query.mjs";

/**
 * The listing orders, defined once: their values (lib/catalog/listing-query.mjs, which the front
 * server reads too), their labels, and the product columns each sorts by (SORT_COLUMNS, from which
 * the catalogue's Prisma orderBy and search's SQL ORDER BY are both written).
 */
export type SortValue = (typeof SORT_VALUES)[number];
export { SORT_VALUES };
const SORT_LABELS: Record<SortValue, string> = {
  featured: "Featured",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  newest: "Newest",
  popular: "Most Popular",
};
export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));
export const DEFAULT_SORT: SortValue = LISTING_DEFAULT_SORT;

/** A product column a listing sorts by. */
export type SortColumn = "featured" | "sold" | "price" | "createdAt" | "salesCount" | "id";
/** Each order as product columns, most significant first; the id last, so pages never overlap. */
export const SORT_COLUMNS: Record<SortValue, ReadonlyArray<readonly [SortColumn, "asc" | "desc"]>> = {
  featured: [
    ["featured", "desc"],
    ["sold", "asc"],
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
  "price-low": [
    ["price", "asc"],
    ["id", "asc"],
  ],
  "price-high": [
    ["price", "desc"],
    ["id", "desc"],
  ],
  newest: [
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
  popular: [
    ["salesCount", "desc"],
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
};

/**
 * Every listing order as a comparison of items (for orders kept in memory: the search index), given how to read
 * a sort column of an item as a number (booleans as 0 and 1, money in cents, dates in milliseconds).
 */
export function sortComparisons<T>(columnOf: (item: T, column: SortColumn) => number): Record<SortValue, (a: T, b: T) => number> {
  const compare = (sort: SortValue) => (a: T, b: T) => {
    for (const [column, direction] of SORT_COLUMNS[sort]) {
      const difference = columnOf(a, column) - columnOf(b, column);
      if (difference) return direction === "asc" ? difference : -difference;
    }
    return 0;
  };
  return Object.fromEntries(SORT_VALUES.map((sort) => [sort, compare(sort)])) as Record<SortValue, (a: T, b: T) => number>;
}
