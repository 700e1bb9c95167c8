import "server-only";
import { Prisma } from "@/lib/db";
import { stockFieldsOf, type CategoryDTO, type ProductDTO } from "@/lib/catalog/types";
import { variantLabel, type ProductOption, type VariantDTO } from "@/lib/catalog/variants";

/** Row → DTO mapping shared by the public (cached) and admin (uncached) catalogue reads. */
export const productInclude = {
  category: { select: { name: true, slug: true } },
  images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { url: true, width: true, height: true, alt: true } },
  variants: { orderBy: [{ position: "asc" }, { id: "asc" }], select: variantSelect() },
} satisfies Prisma.ProductInclude;

function variantSelect() {
  return { id: true, sku: true, optionValues: true, price: true, stock: true, leadTimeMinDays: true, leadTimeMaxDays: true, allowBackorder: true, image: true } as const;
}

/** A stored variant row as the mapper reads it (the raw query's JSON has the price as text). */
type VariantSource = {
  id: number;
  sku: string;
  optionValues: unknown;
  price: Prisma.Decimal | string;
  stock: number | null;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  allowBackorder: boolean;
  image: string | null;
};

export type ProductRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;

/** What toProductDTO reads: a product row with productInclude's category and images. */
type ProductSource = Omit<ProductRow, "salesCount" | "updatedAt" | "variants"> & { variants: VariantSource[] };

/**
 * The same row in one raw query, for reads that rank or filter in SQL and
 * would otherwise fetch the page's products again (three more queries:
 * products, categories, images). Selected FROM "Product" p JOIN "Category" c;
 * fromProductSql(row) gives what productInclude gives.
 */
export const PRODUCT_SQL_COLUMNS = Prisma.sql`p."id", p."name", p."slug", p."description", p."shortDescription", p."price"::text AS "price",
  p."categoryId", p."videoUrl", p."featured", p."uniqueItem", p."sold", p."showInGallery", p."stock", p."leadTimeMinDays", p."leadTimeMaxDays", p."allowBackorder", p."active", p."seoTitle", p."seoDescription",
  p."createdAt", p."reviewCount", p."reviewStarTotal", c."name" AS "categoryName", c."slug" AS "categorySlug",
  (SELECT coalesce(json_agg(json_build_object('url', i."url", 'width', i."width", 'height', i."height", 'alt', i."alt") ORDER BY i."position", i."id"), '[]'::json)
   FROM "ProductImage" i WHERE i."productId" = p."id") AS "images", p."options",
  (SELECT coalesce(json_agg(json_build_object('id', v."id", 'sku', v."sku", 'optionValues', v."optionValues", 'price', v."price"::text, 'stock', v."stock",
     'leadTimeMinDays', v."leadTimeMinDays", 'leadTimeMaxDays', v."leadTimeMaxDays", 'allowBackorder', v."allowBackorder", 'image', v."image") ORDER BY v."position", v."id"), '[]'::json)
   FROM "ProductVariant" v WHERE v."productId" = p."id") AS "variants"`;

export type ProductSqlRow = Omit<ProductSource, "price" | "category" | "variants"> & { price: string; categoryName: string; categorySlug: string; variants: VariantSource[] };

export function fromProductSql({ categoryName, categorySlug, price, ...row }: ProductSqlRow): ProductSource {
  return { ...row, price: new Prisma.Decimal(price), category: { name: categoryName, slug: categorySlug } };
}

export function toProductDTO(p: ProductSource): ProductDTO {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    shortDescription: p.shortDescription,
    price: p.price.toFixed(2),
    categoryId: p.categoryId,
    category: { name: p.category.name, slug: p.category.slug },
    images: p.images.map((i) => i.url),
    media: p.images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
    videoUrl: p.videoUrl,
    featured: p.featured,
    uniqueItem: p.uniqueItem,
    sold: p.sold,
    showInGallery: p.showInGallery,
    ...stockFieldsOf(p),
    active: p.active,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    createdAt: p.createdAt.toISOString(),
    reviewCount: p.reviewCount,
    reviewStarTotal: p.reviewStarTotal,
    ...variantsOf(p.options, p.variants),
  };
}

/** A product's options as stored (a JSON array of { name, values }); anything else reads as none. */
export function readOptions(value: unknown): ProductOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((o) =>
    o && typeof o === "object" && typeof o.name === "string" && Array.isArray(o.values) ? [{ name: o.name, values: o.values.filter((v: unknown): v is string => typeof v === "string") }] : [],
  );
}

/** A variant row as the catalogue hands it out. */
export function toVariantDTO(options: ProductOption[], v: VariantSource): VariantDTO {
  const values = Array.isArray(v.optionValues) ? v.optionValues.map(String) : [];
  return {
    id: v.id,
    sku: v.sku,
    values,
    label: variantLabel(options, values),
    price: typeof v.price === "string" ? new Prisma.Decimal(v.price).toFixed(2) : v.price.toFixed(2),
    stock: v.stock,
    leadTimeMinDays: v.leadTimeMinDays,
    leadTimeMaxDays: v.leadTimeMaxDays,
    allowBackorder: v.allowBackorder,
    image: v.image,
  };
}

/** `options` and `variants` for a product that has variants; nothing for one without (its DTO is as it was before variants). */
function variantsOf(storedOptions: unknown, rows: VariantSource[]): Pick<ProductDTO, "options" | "variants"> {
  if (!rows.length) return {};
  const options = readOptions(storedOptions);
  return { options, variants: rows.map((v) => toVariantDTO(options, v)) };
}

export function toCategoryDTO(c: { id: number; name: string; slug: string; description: string | null; image: string | null; sortOrder: number; active: boolean }): CategoryDTO {
  return { id: c.id, name: c.name, slug: c.slug, description: c.description, image: c.image, sortOrder: c.sortOrder, active: c.active };
}
