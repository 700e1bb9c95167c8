import { DEFAULT_SORT as LISTING_DEFAULT_SORT, SORT_VALUES } from "@/lib/catalog/listing-query.mjs";

/** The listing orders (lib/catalog/listing-url.mjs, which the front server reads too) and their labels. */
export type SortValue = (typeof SORT_VALUES)[number];
const SORT_LABELS: Record<SortValue, string> = {
  featured: "Featured",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  newest: "Newest",
  popular: "Most Popular",
};
export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));
export const DEFAULT_SORT: SortValue = LISTING_DEFAULT_SORT;
