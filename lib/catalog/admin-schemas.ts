import { z } from "@/lib/zod";
import { isSingleLine, singleLineMessage } from "@/lib/single-line";
import { parseVideoUrl, slugify, VIDEO_URL_MESSAGE } from "@/lib/catalog/rules";
import { PRODUCT_KINDS, productKind, type ProductKind } from "@/lib/inventory/stock";
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS, SKU_PATTERN, type VariantDTO } from "@/lib/catalog/variants";
import { MAX_LOW_STOCK_THRESHOLD } from "@/lib/inventory/stock-settings";
import { isTimeZone, TIME_ZONE_MESSAGE } from "@/lib/catalog/time-zone";
import { DEFAULT_IMAGE_SIZE, type CategoryDTO, type ProductDTO } from "@/lib/catalog/types";
import { fromCents, toCents } from "@/lib/money";
import { boxField, packageSchema, weightField, type PackageFields } from "@/lib/shipping/schemas";

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

/** Products listed in the admin table: every public field (inactive products too) plus the category name and its package (lib/shipping). */
/** A variant's own package, by SKU: its weight and box when they are not the product's (null: the product's). */
export type VariantPackage = { weightGrams: number | null; boxId: number | null };
export type AdminProductDTO = ProductDTO & { categoryName: string; package: PackageFields & { boxName: string | null }; variantPackages: Record<string, VariantPackage> };
/** Categories in the admin area: inactive ones too, with how many products they hold. */
export type AdminCategoryDTO = CategoryDTO & { productCount: number };

/** Accepts true/false and the strings forms send ("true", "false", "on", ""). */
const flag = (label: string) => z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v), z.boolean({ message: `${label} must be true or false` }));

/** Optional text: absent stays undefined (an update keeps the value), blank or null becomes null (cleared). */
const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const requiredName = z.string({ message: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(200, "Name must be at most 200 characters").refine(isSingleLine, singleLineMessage("Name"));

/** Blank means "derive from the name"; anything else must already be a valid slug. */
const slugField = z
  .string({ message: SLUG_MESSAGE })
  .trim()
  .max(200, "Slug must be at most 200 characters")
  .refine((v) => v === "" || SLUG_PATTERN.test(v), SLUG_MESSAGE)
  .nullish()
  .transform((v) => v || undefined);

/** "12.5" | 12.5 | "12.50" → "12.50": exact, positive (or zero where `allowZero`), at most two decimals. Prices, quotes, shipping. */
export const moneyField = ({ allowZero = false }: { allowZero?: boolean } = {}) =>
  z.unknown().transform((value, ctx) => {
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
    if (sign === "-" || cents < 0 || (cents === 0 && !allowZero)) return fail(PRICE_POSITIVE);
    if (cents > MAX_PRICE_CENTS) return fail(PRICE_TOO_LARGE);
    return fromCents(cents);
  });
const priceField = moneyField();

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
  z.coerce
    .number({ message: `Image ${label} must be a number` })
    .int(`Image ${label} must be a whole number`)
    .min(1, `Image ${label} must be at least 1`)
    .max(20_000, `Image ${label} is too large`);

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

export const STOCK_REQUIRED = "Enter how many are in stock";
export const STOCK_MESSAGE = "Stock must be a whole number, 0 or more";
export const LEAD_TIME_MESSAGE = "Lead time must be a whole number of working days, 1 to 365";
export const LEAD_TIME_ORDER = "The longest lead time cannot be shorter than the shortest";
export const LEAD_TIME_BOTH = "Give both ends of the lead time, or neither for the shop's default";
export const KIND_MESSAGE = "Kind must be one_of_a_kind, in_stock or made_to_order";
export const KIND_CONFLICT = "A one-of-a-kind product is kind one_of_a_kind";
export const BACKORDER_MESSAGE = "Only an in-stock product can be back-ordered";
const MAX_STOCK = 1_000_000;

/** A whole number from a number or a form string; blank or null is null (none / the default). */
const wholeOrNull = (message: string, min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const kindField = z.enum(PRODUCT_KINDS as [ProductKind, ...ProductKind[]], { message: KIND_MESSAGE });

/** The stock fields as sent (any subset on update). */
const stockFields = {
  kind: kindField.optional(),
  stock: wholeOrNull(STOCK_MESSAGE, 0, MAX_STOCK).optional(),
  leadTimeMinDays: wholeOrNull(LEAD_TIME_MESSAGE, 1, 365).optional(),
  leadTimeMaxDays: wholeOrNull(LEAD_TIME_MESSAGE, 1, 365).optional(),
  allowBackorder: flag("Allow backorder").optional(),
  /** Why the count changed (an adjustment's reason, kept in the audit log; required when an update changes it). */
  stockReason: optionalText(200, "Reason"),
  /** The count the form was loaded with: an update whose count has moved since (orders came in) is refused, not overwritten. */
  stockWas: wholeOrNull(STOCK_MESSAGE, 0, MAX_STOCK).optional(),
};
export const STOCK_REASON_REQUIRED = "Say why the stock changed (it is kept in the audit log)";
export const stockMovedMessage = (now: number | null) => `The stock is now ${now ?? "not counted"}: orders came in since this form was loaded. Check the count and save again.`;

type StoredStock = { uniqueItem: boolean; stock: number | null; leadTimeMinDays: number | null; leadTimeMaxDays: number | null; allowBackorder: boolean; giftCard?: boolean };
type StockPatch = { kind?: ProductKind; uniqueItem?: boolean; stock?: number | null; leadTimeMinDays?: number | null; leadTimeMaxDays?: number | null; allowBackorder?: boolean };

/**
 * The one rule for a product's kind and stock fields, on create (against an
 * empty product) and update (against the stored one): `kind` decides, else
 * `uniqueItem` (true: one of a kind; false: what it was, or made to order);
 * an in-stock product needs its count; only in-stock products keep a count
 * and may be back-ordered; a lead time has both ends or neither (the shop's
 * default), shortest first; a gift card has no count, lead time or backorder. Returns the fields to store, or the problems by field.
 */
export function resolveStock(current: StoredStock | null, patch: StockPatch): { ok: true; value: StoredStock } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const wasKind = current ? productKind(current) : "made_to_order";
  if (patch.kind && patch.uniqueItem !== undefined && patch.uniqueItem !== (patch.kind === "one_of_a_kind")) fields.kind = KIND_CONFLICT;
  const kind: ProductKind = patch.kind ?? (patch.uniqueItem === true ? "one_of_a_kind" : patch.uniqueItem === false && wasKind === "one_of_a_kind" ? "made_to_order" : wasKind);
  const stock = kind === "in_stock" ? (patch.stock !== undefined ? patch.stock : (current?.stock ?? null)) : null;
  if (kind === "in_stock" && stock === null) fields.stock = STOCK_REQUIRED;
  const giftCard = kind === "gift_card";
  const min = giftCard ? null : patch.leadTimeMinDays !== undefined ? patch.leadTimeMinDays : (current?.leadTimeMinDays ?? null);
  const max = giftCard ? null : patch.leadTimeMaxDays !== undefined ? patch.leadTimeMaxDays : (current?.leadTimeMaxDays ?? null);
  if ((min === null) !== (max === null)) fields[min === null ? "leadTimeMinDays" : "leadTimeMaxDays"] = LEAD_TIME_BOTH;
  else if (min !== null && max !== null && max < min) fields.leadTimeMaxDays = LEAD_TIME_ORDER;
  const backorder = patch.allowBackorder ?? current?.allowBackorder ?? false;
  if (patch.allowBackorder === true && kind !== "in_stock") fields.allowBackorder = BACKORDER_MESSAGE;
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { uniqueItem: kind === "one_of_a_kind", stock, leadTimeMinDays: min, leadTimeMaxDays: max, allowBackorder: kind === "in_stock" && backorder, giftCard } };
}

function applyStock(v: StockPatch, ctx: z.RefinementCtx, current: StoredStock | null) {
  const resolved = resolveStock(current, v);
  if (!resolved.ok) {
    for (const [path, message] of Object.entries(resolved.fields)) ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  }
  return resolved.value;
}

// ─── options and variants (lib/catalog/variants.ts) ─────────────────────────

export const OPTIONS_MESSAGE = `A product has at most ${MAX_OPTIONS} options, each with 1 to ${MAX_OPTION_VALUES} values`;
export const OPTION_NAME_MESSAGE = "Each option needs a name (at most 40 characters)";
export const OPTION_VALUE_MESSAGE = "Each value is 1 to 40 characters";
export const OPTION_NAME_TAKEN = "Two options have the same name";
export const OPTION_VALUE_TAKEN = "An option lists the same value twice";
export const SKU_MESSAGE = "A SKU is 1 to 40 capital letters, digits and hyphens (e.g. DJ-8MM)";
export const SKU_TAKEN = "Two variants have the same SKU";
export const VARIANTS_REQUIRED = "A product with options needs at least one variant";
export const VARIANTS_WITHOUT_OPTIONS = "Variants need options to be chosen by";
export const VARIANT_VALUES_MESSAGE = "Each variant has one value of each option";
export const VARIANT_COMBINATION_TAKEN = "Two variants have the same options";
export const VARIANT_KIND_MESSAGE = "A variant is in_stock or made_to_order";
export const UNIQUE_WITH_VARIANTS = "A one-of-a-kind piece has no variants";
export const GIFT_CARD_WITH_VARIANTS = "A gift card has no variants: make one gift card product per amount";
export const VARIANT_IMAGE_MESSAGE = "A variant's image must be one of the product's images";

const optionText = (message: string) => z.string({ message }).trim().min(1, message).max(40, message);

const optionsField = z
  .array(
    z.object(
      { name: optionText(OPTION_NAME_MESSAGE), values: z.array(optionText(OPTION_VALUE_MESSAGE), { message: OPTIONS_MESSAGE }).min(1, OPTIONS_MESSAGE).max(MAX_OPTION_VALUES, OPTIONS_MESSAGE) },
      { message: OPTIONS_MESSAGE },
    ),
    { message: OPTIONS_MESSAGE },
  )
  .max(MAX_OPTIONS, OPTIONS_MESSAGE)
  .superRefine((options, ctx) => {
    const names = options.map((o) => o.name.toLowerCase());
    names.forEach((name, i) => names.indexOf(name) !== i && ctx.addIssue({ code: "custom", path: [i, "name"], message: OPTION_NAME_TAKEN }));
    options.forEach((o, i) => o.values.forEach((v, k) => o.values.indexOf(v) !== k && ctx.addIssue({ code: "custom", path: [i, "values", k], message: OPTION_VALUE_TAKEN })));
  });

/** A SKU as typed: trimmed and in capitals ("dj-8mm" → "DJ-8MM"). */
const skuField = z.string({ message: SKU_MESSAGE }).trim().toUpperCase().regex(SKU_PATTERN, SKU_MESSAGE);

/** One variant as sent: its id when it exists already (an update keeps its row, its cart lines and its count's history). */
const variantField = z.object(
  {
    id: z.number().int().positive().max(2_147_483_647).optional(),
    sku: skuField,
    values: z.array(z.string({ message: VARIANT_VALUES_MESSAGE }).trim(), { message: VARIANT_VALUES_MESSAGE }).max(MAX_OPTIONS, VARIANT_VALUES_MESSAGE),
    price: priceField,
    kind: z.enum(["in_stock", "made_to_order"], { message: VARIANT_KIND_MESSAGE }),
    stock: wholeOrNull(STOCK_MESSAGE, 0, MAX_STOCK).optional(),
    leadTimeMinDays: wholeOrNull(LEAD_TIME_MESSAGE, 1, 365).optional(),
    leadTimeMaxDays: wholeOrNull(LEAD_TIME_MESSAGE, 1, 365).optional(),
    allowBackorder: flag("Allow backorder").optional(),
    image: z
      .string()
      .trim()
      .max(2048, "Image URL is too long")
      .nullish()
      .transform((v) => v || null),
    /** The count the form was loaded with (an existing variant): a count moved since (orders came in) refuses the save. */
    stockWas: wholeOrNull(STOCK_MESSAGE, 0, MAX_STOCK).optional(),
    /** Its packed weight in grams when it differs from the product's (lib/shipping); blank: the product's. */
    weightGrams: weightField.optional(),
    /** The box it ships in when not the product's (one of the maker's boxes); blank: the product's box or dimensions. */
    boxId: boxField.optional(),
  },
  { message: "Each variant needs a sku, its values, a price and a kind" },
);

const variantsField = z.array(variantField, { message: "variants must be a list" }).max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`);

/** A variant as stored: its kind decides its count (in stock) or none (made to order), as a product's (resolveStock). */
export type VariantData = Omit<VariantDTO, "id" | "label"> & { id?: number; stockWas?: number | null; weightGrams?: number | null; boxId?: number | null };

/**
 * The one rule for a product's options and variants: options unique by name with unique values;
 * each variant one value of each option, no two alike, no two SKUs alike; each variant's kind and
 * stock fields by the product rule (resolveStock: a count for in stock, backorder only then, a lead
 * time with both ends or neither); an image, when given, one of the product's own (`images`, when
 * known). Issues are added to ctx under variants.{i}.{field}.
 */
function checkVariants(
  v: { options: Array<{ name: string; values: string[] }>; variants: Array<z.output<typeof variantField>>; images?: Array<{ url: string }> },
  ctx: z.RefinementCtx,
): VariantData[] {
  const { options, variants } = v;
  if (options.length && !variants.length) ctx.addIssue({ code: "custom", path: ["variants"], message: VARIANTS_REQUIRED });
  if (!options.length && variants.length) ctx.addIssue({ code: "custom", path: ["options"], message: VARIANTS_WITHOUT_OPTIONS });
  const skus = new Set<string>();
  const combinations = new Set<string>();
  return variants.map((variant, i) => {
    const at = (field: string, message: string) => ctx.addIssue({ code: "custom", path: ["variants", i, field], message });
    if (variant.values.length !== options.length || variant.values.some((value, k) => !options[k].values.includes(value))) at("values", VARIANT_VALUES_MESSAGE);
    const combination = JSON.stringify(variant.values);
    if (combinations.has(combination)) at("values", VARIANT_COMBINATION_TAKEN);
    combinations.add(combination);
    if (skus.has(variant.sku)) at("sku", SKU_TAKEN);
    skus.add(variant.sku);
    if (variant.image && v.images && !v.images.some((image) => image.url === variant.image)) at("image", VARIANT_IMAGE_MESSAGE);
    const resolved = resolveStock(null, {
      kind: variant.kind,
      stock: variant.stock,
      leadTimeMinDays: variant.leadTimeMinDays,
      leadTimeMaxDays: variant.leadTimeMaxDays,
      allowBackorder: variant.allowBackorder,
    });
    if (!resolved.ok) for (const [field, message] of Object.entries(resolved.fields)) at(field, message);
    const stock = resolved.ok ? resolved.value : { stock: null, leadTimeMinDays: null, leadTimeMaxDays: null, allowBackorder: false };
    return {
      ...(variant.id ? { id: variant.id } : {}),
      sku: variant.sku,
      values: variant.values,
      price: variant.price,
      stock: stock.stock,
      leadTimeMinDays: stock.leadTimeMinDays,
      leadTimeMaxDays: stock.leadTimeMaxDays,
      allowBackorder: stock.allowBackorder,
      image: variant.image,
      ...(variant.stockWas !== undefined ? { stockWas: variant.stockWas } : {}),
      ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
      ...(variant.boxId !== undefined ? { boxId: variant.boxId } : {}),
    };
  });
}

/** The lowest of the variants' prices: a product with variants is listed, sorted and carded at it. */
export function lowestPrice(variants: ReadonlyArray<{ price: string }>): string | undefined {
  return variants.reduce<string | undefined>((low, v) => (low === undefined || toCents(v.price) < toCents(low) ? v.price : low), undefined);
}

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
      ...stockFields,
      // A product with variants is priced by them: its own price, if sent, is replaced by the lowest.
      price: priceField.optional(),
      options: optionsField.default([]),
      variants: variantsField.default([]),
    },
    { message: "Request body must be a JSON object" },
  )
  .superRefine((v, ctx) => {
    if (v.images.length === 0 && v.clone !== true) ctx.addIssue({ code: "custom", path: ["images"], message: IMAGES_REQUIRED });
  })
  // Checked even when other fields are wrong, so a form hears about every missing field at once.
  .refine((v) => v.price !== undefined || (Array.isArray(v.variants) && v.variants.length > 0) || (Array.isArray(v.options) && v.options.length > 0), {
    path: ["price"],
    message: PRICE_REQUIRED,
    when: (payload) => typeof payload.value === "object" && payload.value !== null && !payload.issues.some((issue) => issue.path?.[0] === "price"),
  })
  .transform((v, ctx) => {
    const { kind, stockReason: _reason, stockWas: _was, options, variants: sent, price, ...rest } = v;
    const variants = checkVariants({ options, variants: sent, images: v.images }, ctx);
    if (variants.length && (kind === "one_of_a_kind" || v.uniqueItem)) ctx.addIssue({ code: "custom", path: ["kind"], message: UNIQUE_WITH_VARIANTS });
    if (variants.length && kind === "gift_card") ctx.addIssue({ code: "custom", path: ["kind"], message: GIFT_CARD_WITH_VARIANTS });
    // A product with variants keeps its counts and lead times on them: as a product it is made to order, with none of its own.
    const stock = variants.length
      ? { uniqueItem: false, stock: null, leadTimeMinDays: null, leadTimeMaxDays: null, allowBackorder: false, giftCard: false }
      : applyStock({ ...v, kind: kind ?? (v.uniqueItem ? "one_of_a_kind" : undefined) }, ctx, null);
    const sold = stock.uniqueItem && v.sold;
    return {
      ...rest,
      ...stock,
      price: (variants.length ? lowestPrice(variants) : price) as string,
      options,
      variants,
      clone: v.clone === true,
      slug: v.slug ?? derivedSlug(v.name, ctx),
      sold,
      showInGallery: sold && v.showInGallery,
    };
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
      ...stockFields,
      /** Sent together (the whole set: variants not sent are deleted); absent, they are kept. `[]` and `[]`: no variants. */
      options: optionsField.optional(),
      variants: variantsField.optional(),
    },
    { message: "Request body must be a JSON object" },
  )
  .superRefine((v, ctx) => {
    // What can be judged without the stored product (the service applies resolveStock against it).
    if (v.kind && v.uniqueItem !== undefined && v.uniqueItem !== (v.kind === "one_of_a_kind")) ctx.addIssue({ code: "custom", path: ["kind"], message: KIND_CONFLICT });
    if (v.kind === "in_stock" && v.stock === null && !v.variants?.length) ctx.addIssue({ code: "custom", path: ["stock"], message: STOCK_REQUIRED });
    if ((v.options === undefined) !== (v.variants === undefined))
      ctx.addIssue({ code: "custom", path: [v.options === undefined ? "options" : "variants"], message: "Send options and variants together" });
  })
  .transform((v, ctx) => {
    const { options, variants: sent, ...rest } = v;
    const variants = options && sent ? checkVariants({ options, variants: sent, images: v.images }, ctx) : undefined;
    if (variants?.length && (v.kind === "one_of_a_kind" || v.uniqueItem === true)) ctx.addIssue({ code: "custom", path: ["kind"], message: UNIQUE_WITH_VARIANTS });
    if (variants?.length && v.kind === "gift_card") ctx.addIssue({ code: "custom", path: ["kind"], message: GIFT_CARD_WITH_VARIANTS });
    return {
      ...rest,
      ...(options && variants ? { options, variants } : {}),
      slug: v.slug ?? (v.name !== undefined ? derivedSlug(v.name, ctx) : undefined),
    };
  });

/**
 * The admin's product form and server actions: the spec's product fields and the package (what the piece
 * weighs and measures, lib/shipping/schemas.ts). The spec's product API keeps productInputSchema /
 * productUpdateSchema, which do not read the package fields.
 */
export const adminProductInputSchema = z.intersection(productInputSchema, packageSchema);
export const adminProductUpdateSchema = z.intersection(productUpdateSchema, packageSchema);
export type AdminProductData = z.output<typeof adminProductInputSchema>;
export type AdminProductUpdateData = z.output<typeof adminProductUpdateSchema>;

/** Sort order: a whole number, 0 or more (forms send strings); blank means "not given" (0 on create). */
const sortOrderField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ message: "Sort order must be a whole number" }).int("Sort order must be a whole number").min(0, SORT_ORDER_MESSAGE).max(1_000_000, "Sort order must be at most 1000000").optional(),
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

export const LOW_STOCK_THRESHOLD_MESSAGE = `The low-stock threshold is a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}`;

/** The shop's settings the admin edits (ShopSettings): the dashboard's low-stock threshold. */
export const shopSettingsSchema = z
  .object(
    {
      lowStockThreshold: wholeOrNull(LOW_STOCK_THRESHOLD_MESSAGE, 0, MAX_LOW_STOCK_THRESHOLD)
        .refine((v) => typeof v === "number", LOW_STOCK_THRESHOLD_MESSAGE)
        .transform((v) => v as number)
        .optional(),
      timeZone: z
        .string({ message: TIME_ZONE_MESSAGE })
        .trim()
        .refine((v) => isTimeZone(v), TIME_ZONE_MESSAGE)
        .optional(),
    },
    { message: "Request body must be a JSON object" },
  )
  .refine((v) => v.lowStockThreshold !== undefined || v.timeZone !== undefined, { message: "Give lowStockThreshold or timeZone", path: ["lowStockThreshold"] });
export type ShopSettingsData = z.output<typeof shopSettingsSchema>;

/** GET /api/admin/products query string. */
export const adminProductQuerySchema = z.object({
  search: z
    .string()
    .max(200, "search is too long")
    .optional()
    .transform((v) => v?.replace(/\s+/g, " ").trim() || undefined),
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
