import { z } from "@/lib/zod";
import { SORT_VALUES } from "@/lib/catalog/rules";
import { normalizeSearch } from "@/lib/search/words.mjs";
import { MAX_API_LIMIT, MAX_API_OFFSET, PAGE_SIZE } from "@/lib/site";

/** Client-safe catalogue validation schemas; the pure rules live in ./rules.ts (re-exported here). */
export * from "@/lib/catalog/rules";

const wholeNumber = (name: string, min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      max === undefined
        ? z.number().min(min, `${name} must be ${min} or more`)
        : z.number().min(min, `${name} must be between ${min} and ${max}`).max(max, `${name} must be between ${min} and ${max}`),
    );

/** GET /api/products query string. */
export const productListQuerySchema = z.object({
  category: z.string().trim().max(100, "category is too long").optional(),
  search: z
    .string()
    .max(200, "search is too long")
    .optional()
    .transform((v) => normalizeSearch(v) || undefined),
  featured: z
    .enum(["true", "false"], { message: "featured must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  sort: z.enum(SORT_VALUES, { message: `sort must be one of ${SORT_VALUES.join(", ")}` }).optional(),
  limit: wholeNumber("limit", 1, MAX_API_LIMIT).default(PAGE_SIZE),
  offset: wholeNumber("offset", 0, MAX_API_OFFSET).default(0),
  exclude: z.string().trim().max(200).optional(),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/search/suggest query string: the term typed so far. */
export const searchSuggestQuerySchema = z.object({
  q: z.string({ message: "q is required" }).max(200, "q is too long"),
});
