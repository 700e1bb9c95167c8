import "server-only";
import { prisma, Prisma } from "@/lib/db";
import { productInclude, toProductDTO } from "@/lib/catalog/mappers";
import type { CategoryDTO } from "@/lib/catalog/types";
import { ADMIN_PRODUCT_LIMIT, MAX_ADMIN_PRODUCT_LIMIT, type AdminCategoryDTO, type AdminProductDTO } from "@/lib/catalog/admin-schemas";

/**
 * Admin reads: never cached (the admin must see a change at once), inactive
 * products and categories included. The public, cached reads are in ./queries.ts.
 */

/** The admin's reads carry the product's box by name (lib/shipping). */
const adminProductInclude = {
  ...productInclude,
  variants: { ...productInclude.variants, select: { ...productInclude.variants.select, weightGrams: true, boxId: true } },
  box: { select: { name: true } },
} satisfies Prisma.ProductInclude;

/** The public product shape (lib/catalog/types.ts ProductDTO) plus the category name for the admin table. */
function toAdminProductDTO(p: Prisma.ProductGetPayload<{ include: typeof adminProductInclude }>): AdminProductDTO {
  return {
    ...toProductDTO(p),
    categoryName: p.category.name,
    package: {
      weightGrams: p.weightGrams,
      lengthMm: p.lengthMm,
      widthMm: p.widthMm,
      heightMm: p.heightMm,
      boxId: p.boxId,
      boxName: p.box?.name ?? null,
      freightPrice: p.freightPrice === null ? null : p.freightPrice.toFixed(2),
      contactForDelivery: p.contactForDelivery,
    },
    variantPackages: Object.fromEntries(p.variants.map((v) => [v.sku, { weightGrams: v.weightGrams ?? null, boxId: v.boxId ?? null }])),
  };
}

function adminProductWhere(search?: string): Prisma.ProductWhereInput {
  const term = search?.replace(/\s+/g, " ").trim();
  if (!term) return {};
  return {
    AND: term
      .split(" ")
      .slice(0, 8)
      .map((word) => ({
        OR: [{ name: { contains: word, mode: "insensitive" } }, { slug: { contains: word, mode: "insensitive" } }, { category: { name: { contains: word, mode: "insensitive" } } }],
      })),
  };
}

/** Newest first; every word of `search` must appear in the name, slug or category name. */
export async function listAdminProducts(opts: { search?: string; limit?: number } = {}): Promise<AdminProductDTO[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? ADMIN_PRODUCT_LIMIT), 1), MAX_ADMIN_PRODUCT_LIMIT);
  const rows = await prisma.product.findMany({
    where: adminProductWhere(opts.search),
    include: adminProductInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(toAdminProductDTO);
}

export async function countAdminProducts(opts: { search?: string } = {}): Promise<number> {
  return prisma.product.count({ where: adminProductWhere(opts.search) });
}

type Db = Prisma.TransactionClient | typeof prisma;

export async function findAdminProduct(id: number, db: Db = prisma): Promise<AdminProductDTO | null> {
  const row = await db.product.findUnique({ where: { id }, include: adminProductInclude });
  return row ? toAdminProductDTO(row) : null;
}

/** Every category (inactive too) in storefront order, with its product count (inactive products too). */
export async function listAdminCategories(): Promise<AdminCategoryDTO[]> {
  const rows = await prisma.category.findMany({
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }],
    include: { _count: { select: { products: true } } },
  });
  return rows.map(toAdminCategoryDTO);
}

export async function findAdminCategory(id: number, db: Db = prisma): Promise<AdminCategoryDTO | null> {
  const row = await db.category.findUnique({ where: { id }, include: { _count: { select: { products: true } } } });
  return row ? toAdminCategoryDTO(row) : null;
}

function toAdminCategoryDTO(c: CategoryDTO & { _count: { products: number } }): AdminCategoryDTO {
  return { id: c.id, name: c.name, slug: c.slug, description: c.description, image: c.image, sortOrder: c.sortOrder, active: c.active, productCount: c._count.products };
}
