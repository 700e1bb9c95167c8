import "server-only";
import { Prisma } from "@/lib/db";
import { stockFieldsOf, type CategoryDTO, type ProductDTO } from "@/lib/catalog/types";

/** Row → DTO mapping shared by the public (cached) and admin (uncached) catalogue reads. */
export const productInclude = {
  category: { select: { name: true, slug: true } },
  images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { url: true, width: true, height: true, alt: true } },
} satisfies Prisma.ProductInclude;

export type ProductRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;

/** What toProductDTO reads: a product row with productInclude's category and images. */
type ProductSource = Omit<ProductRow, "salesCount" | "updatedAt">;

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
   FROM "ProductImage" i WHERE i."productId" = p."id") AS "images"`;

export type ProductSqlRow = Omit<ProductSource, "price" | "category"> & { price: string; categoryName: string; categorySlug: string };

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
  };
}

export function toCategoryDTO(c: { id: number; name: string; slug: string; description: string | null; image: string | null; sortOrder: number; active: boolean }): CategoryDTO {
  return { id: c.id, name: c.name, slug: c.slug, description: c.description, image: c.image, sortOrder: c.sortOrder, active: c.active };
}

