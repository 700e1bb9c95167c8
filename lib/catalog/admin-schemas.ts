import { z } from "@/lib/zod";
import { parseVideoUrl, slugify, VIDEO_URL_MESSAGE } from "@/lib/catalog/rules";
import { DEFAULT_IMAGE_SIZE, type CategoryDTO, type ProductDTO } from "@/lib/catalog/types";
import { fromCents, toCents } from "@/lib/money";

/**
 * Admin catalogue validation (spec §5), client-safe: the product and category
 * forms, their server actions and the admin API endpoints all parse with these
 * schemas, and lib/catalog/service.ts parses again before it writes.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lowercase letters, numbers, and hyphens only";
export const NAME_REQUIRED = "Name is required";
export const PRICE_REQUIRED = "Price is required";
export const PRICE_POSITIVE = "Price must be a positive amount";
export const PRICE_DECIMALS = "Price can have at most 2 decimal places";
export const PRICE_TOO_LARGE = "Price must be less than 100,000,000";
export const CATEGORY_REQUIRED = "Please select a category.";
export const IMAGES_REQUIRED = "Please upload at least one product image.";
export const SORT_ORDER_MESSAGE = "Sort order must be 0 or more";
export const MAX_PRODUCT_IMAGES = 20;
export const ADMIN_PRODUCT_LIMIT = 50;
export const MAX_ADMIN_PRODUCT_LIMIT = 200;

/** Decimal(10, 2): the largest price the database holds, in cents. */
const MAX_PRICE_CENTS = 9_999_999_999;

/** Products listed in the admin table: every public field (inactive products too) plus the category name. */
export type AdminProductDTO = ProductDTO & { categoryName: string };
/** Categories in the admin area: inactive ones too, with how many products they hold. */
export type AdminCategoryDTO = CategoryDTO & { productCount: number };

/** Accepts true/false and the strings forms send ("true", "false", "on", ""). */
const flag = (label: string) =>
  z.preprocess(
    (v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v),
    z.boolean({ message: `${label} must be true or false` }),
  );

/** Optional text: absent stays undefined (an update keeps the value), blank or null becomes null (cleared). */
const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const requiredName = z.string({ message: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(200, "Name must be at most 200 characters");

/** Blank means "derive from the name"; anything else must already be a valid slug. */
const slugField = z
  .string({ message: SLUG_MESSAGE })
  .trim()
  .max(200, "Slug must be at most 200 characters")
  .refine((v) => v === "" || SLUG_PATTERN.test(v), SLUG_MESSAGE)
  .nullish()
  .transform((v) => v || undefined);

/** "12.5" | 12.5 | "12.50" → "12.50": exact, positive, at most two decimals. */
const priceField = z.unknown().transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (value === undefined || value === null) return fail(PRICE_REQUIRED);
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : typeof value === "string" ? value.trim() : "x";
  if (text === "") return fail(PRICE_REQUIRED);
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return fail(PRICE_POSITIVE);
  const [, sign, whole, frac = ""] = match;
  const decimals = frac.replace(/0+$/, "");
  if (decimals.length > 2) return fail(PRICE_DECIMALS);
  const cents = toCents(`${whole || "0"}.${decimals}`.replace(/\.$/, ""));
  if (sign === "-" || cents <= 0) return fail(PRICE_POSITIVE);
  if (cents > MAX_PRICE_CENTS) return fail(PRICE_TOO_LARGE);
  return fromCents(cents);
});

/** A positive integer id from a number or a form string. */
const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

/** An uploaded file (/uploads/…) or an http(s) URL. */
function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const imageUrl = z
  .string({ message: "Image URL is required" })
  .trim()
  .min(1, "Image URL is required")
  .max(2048, "Image URL is too long")
  .refine(isImageUrl, "Image URL must be an uploaded image or an http(s) link");

const dimension = (label: string) =>
  z.coerce.number({ message: `Image ${label} must be a number` }).int(`Image ${label} must be a whole number`).min(1, `Image ${label} must be at least 1`).max(20_000, `Image ${label} is too large`);

const productImage = z.union(
  [
    z.object({ url: imageUrl, width: dimension("width"), height: dimension("height"), alt: optionalText(300, "Alt text").transform((v) => v ?? null) }),
    // API clients may send the spec's plain URL list.
    imageUrl.transform((url) => ({ url, ...DEFAULT_IMAGE_SIZE, alt: null as string | null })),
  ],
  { message: "Each image needs a url, width and height" },
);

const imagesField = z.array(productImage, { message: IMAGES_REQUIRED }).max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} images`);

/** Blank clears the video; anything else must be a YouTube or Vimeo link. */
const videoUrlField = z
  .string({ message: VIDEO_URL_MESSAGE })
  .trim()
  .max(500, VIDEO_URL_MESSAGE)
  .refine((v) => v === "" || parseVideoUrl(v) !== null, VIDEO_URL_MESSAGE)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const productFields = {
  name: requiredName,
  slug: slugField,
  description: z.string({ message: "Description is required" }).trim().min(1, "Description is required").max(20_000, "Description must be at most 20000 characters"),
  shortDescription: optionalText(500, "Short description"),
  price: priceField,
  categoryId: idField(CATEGORY_REQUIRED),
  images: imagesField,
  videoUrl: videoUrlField,
  featured: flag("Featured"),
  uniqueItem: flag("Unique item"),
  sold: flag("Sold"),
  showInGallery: flag("Show in gallery"),
  active: flag("Active"),
  seoTitle: optionalText(200, "SEO title"),
  seoDescription: optionalText(500, "SEO description"),
};

function derivedSlug(name: string, ctx: z.RefinementCtx): string {
  const slug = slugify(name);
  if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_MESSAGE });
  return slug;
}

/** Create (and clone): every rule of spec §5; `clone: true` allows a product without images. */
export const productInputSchema = z
  .object(
    {
      ...productFields,
      images: imagesField.default([]),
      videoUrl: videoUrlField.transform((v) => v ?? null),
      shortDescription: productFields.shortDescription.transform((v) => v ?? null),
      seoTitle: productFields.seoTitle.transform((v) => v ?? null),
      seoDescription: productFields.seoDescription.transform((v) => v ?? null),
      featured: flag("Featured").default(false),
      uniqueItem: flag("Unique item").default(false),
      sold: flag("Sold").default(false),
      showInGallery: flag("Show in gallery").default(false),
      active: flag("Active").default(true),
      clone: flag("Clone").optional(),
    },
    { message: "Request body must be a JSON object" },
  )
  .superRefine((v, ctx) => {
    if (v.images.length === 0 && v.clone !== true) ctx.addIssue({ code: "custom", path: ["images"], message: IMAGES_REQUIRED });
  })
  .transform((v, ctx) => {
    const sold = v.uniqueItem && v.sold;
    return { ...v, clone: v.clone === true, slug: v.slug ?? derivedSlug(v.name, ctx), sold, showInGallery: sold && v.showInGallery };
  });

/**
 * Update: any subset of the product fields. A blank slug is derived from the
 * name sent with it (without a name the slug is kept). Given images replace
 * the current ones and must not be empty. The sold / showInGallery rules are
 * applied by the service against the stored flags.
 */
export const productUpdateSchema = z
  .object(
    {
      name: productFields.name.optional(),
      slug: productFields.slug,
      description: productFields.description.optional(),
      shortDescription: productFields.shortDescription,
      price: productFields.price.optional(),
      categoryId: productFields.categoryId.optional(),
      images: imagesField.min(1, IMAGES_REQUIRED).optional(),
      videoUrl: productFields.videoUrl,
      featured: productFields.featured.optional(),
      uniqueItem: productFields.uniqueItem.optional(),
      sold: productFields.sold.optional(),
      showInGallery: productFields.showInGallery.optional(),
      active: productFields.active.optional(),
      seoTitle: productFields.seoTitle,
      seoDescription: productFields.seoDescription,
    },
    { message: "Request body must be a JSON object" },
  )
  .transform((v, ctx) => ({
    ...v,
    slug: v.slug ?? (v.name !== undefined ? derivedSlug(v.name, ctx) : undefined),
  }));

/** Sort order: a whole number, 0 or more (forms send strings); blank means "not given" (0 on create). */
const sortOrderField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: "Sort order must be a whole number" })
    .int("Sort order must be a whole number")
    .min(0, SORT_ORDER_MESSAGE)
    .max(1_000_000, "Sort order must be at most 1000000")
    .optional(),
);

const categoryImageField = z
  .string({ message: "Image must be a URL" })
  .trim()
  .max(2048, "Image URL is too long")
  .refine((v) => v === "" || isImageUrl(v), "Image must be an uploaded image or an http(s) link")
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const categoryFields = {
  name: z.string({ message: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, "Name must be at most 100 characters"),
  slug: slugField,
  description: optionalText(2000, "Description"),
  image: categoryImageField,
  sortOrder: sortOrderField,
  active: flag("Active"),
};

export const categoryInputSchema = z
  .object(
    {
      ...categoryFields,
      description: categoryFields.description.transform((v) => v ?? null),
      image: categoryImageField.transform((v) => v ?? null),
      sortOrder: sortOrderField.transform((v) => v ?? 0),
      active: flag("Active").default(true),
    },
    { message: "Request body must be a JSON object" },
  )
  .transform((v, ctx) => ({ ...v, slug: v.slug ?? derivedSlug(v.name, ctx) }));

/** Update: any subset; `{ active: false }` alone toggles the category. */
export const categoryUpdateSchema = z
  .object(
    {
      name: categoryFields.name.optional(),
      slug: slugField,
      description: categoryFields.description,
      image: categoryImageField,
      sortOrder: sortOrderField,
      active: flag("Active").optional(),
    },
    { message: "Request body must be a JSON object" },
  )
  .transform((v, ctx) => ({ ...v, slug: v.slug ?? (v.name !== undefined ? derivedSlug(v.name, ctx) : undefined) }));

/** GET /api/admin/products query string. */
export const adminProductQuerySchema = z.object({
  search: z.string().max(200, "search is too long").optional().transform((v) => v?.replace(/\s+/g, " ").trim() || undefined),
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, `limit must be between 1 and ${MAX_ADMIN_PRODUCT_LIMIT}`).max(MAX_ADMIN_PRODUCT_LIMIT, `limit must be between 1 and ${MAX_ADMIN_PRODUCT_LIMIT}`))
    .default(ADMIN_PRODUCT_LIMIT),
});

export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;
export type CategoryUpdateData = z.output<typeof categoryUpdateSchema>;

/**
 * For server actions that get the row id with the fields (adminAction takes one
 * schema): `adminAction(withId(productUpdateSchema), ({ id, ...input }) => updateProduct(id, input))`.
 */
export function withId<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  return z.intersection(z.object({ id: idField("Not found") }), schema);
}
