import "server-only";
import { unstable_cache } from "next/cache";
import { prisma, Prisma } from "@/lib/db";
import { normalizeSearch } from "@/lib/catalog/schemas";
import { productInclude, toCategoryDTO, toProductDTO } from "@/lib/catalog/mappers";
import type { CategoryDTO, GalleryItemDTO, ProductDTO, ProductList } from "@/lib/catalog/types";
import { DEFAULT_SORT, FEATURED_LIMIT, PAGE_SIZE, RELATED_LIMIT, type SortValue } from "@/lib/site";

/**
 * Cached catalogue reads. Every entry is tagged (CATALOG_TAGS) and the
 * services that change the catalogue revalidate those tags, so pages built
 * from these reads are served from cache until something really changes.
 */
export const CATALOG_TAGS = {
  products: "products",
  categories: "categories",
  gallery: "gallery",
  product: (slug: string) => `product:${slug}`,
} as const;

/** Safety net only: tags do the real invalidation. */
const REVALIDATE_SECONDS = 3600;

/** What the public may see: an active product in an active category. */
const publicProduct: Prisma.ProductWhereInput = { active: true, category: { active: true } };

const ORDER_BY: Record<SortValue, Prisma.ProductOrderByWithRelationInput[]> = {
  featured: [{ featured: "desc" }, { sold: "asc" }, { createdAt: "desc" }, { id: "desc" }],
  "price-low": [{ price: "asc" }, { id: "asc" }],
  "price-high": [{ price: "desc" }, { id: "desc" }],
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  popular: [{ salesCount: "desc" }, { createdAt: "desc" }, { id: "desc" }],
};

const ORDER_SQL: Record<SortValue, Prisma.Sql> = {
  featured: Prisma.sql`p."featured" DESC, p."sold" ASC, p."createdAt" DESC, p."id" DESC`,
  "price-low": Prisma.sql`p."price" ASC, p."id" ASC`,
  "price-high": Prisma.sql`p."price" DESC, p."id" DESC`,
  newest: Prisma.sql`p."createdAt" DESC, p."id" DESC`,
  popular: Prisma.sql`p."salesCount" DESC, p."createdAt" DESC, p."id" DESC`,
};

export type ProductListOptions = {
  category?: string;
  search?: string;
  featured?: boolean;
  sort?: SortValue;
  limit?: number;
  offset?: number;
  excludeSlug?: string;
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search: every word must appear (case-insensitive) in the name, the short or
 * long description or the category name; results rank by where they match
 * (whole phrase in the name, name, category, short description, description).
 * With an explicit sort other than the default the shopper's sort wins.
 */
async function searchProductIds(opts: Required<Pick<ProductListOptions, "limit" | "offset">> & ProductListOptions & { search: string }) {
  const words = opts.search.toLowerCase().split(" ").filter(Boolean).slice(0, 8);
  const phrase = likePattern(opts.search.toLowerCase());
  const conditions: Prisma.Sql[] = [Prisma.sql`p."active" = true`, Prisma.sql`c."active" = true`];
  if (opts.category) conditions.push(Prisma.sql`c."slug" = ${opts.category}`);
  if (opts.featured !== undefined) conditions.push(Prisma.sql`p."featured" = ${opts.featured}`);
  if (opts.excludeSlug) conditions.push(Prisma.sql`p."slug" <> ${opts.excludeSlug}`);
  const scores: Prisma.Sql[] = [Prisma.sql`CASE WHEN p."name" ILIKE ${phrase} THEN 20 ELSE 0 END`];
  for (const word of words) {
    const like = likePattern(word);
    const prefix = `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      Prisma.sql`(p."name" ILIKE ${like} OR p."shortDescription" ILIKE ${like} OR p."description" ILIKE ${like} OR c."name" ILIKE ${like})`,
    );
    scores.push(Prisma.sql`(CASE WHEN p."name" ILIKE ${prefix} THEN 10 WHEN p."name" ILIKE ${like} THEN 8 ELSE 0 END
      + CASE WHEN c."name" ILIKE ${like} THEN 4 ELSE 0 END
      + CASE WHEN p."shortDescription" ILIKE ${like} THEN 2 ELSE 0 END
      + CASE WHEN p."description" ILIKE ${like} THEN 1 ELSE 0 END)`);
  }
  const where = Prisma.join(conditions, " AND ");
  const score = Prisma.join(scores, " + ");
  const sort = opts.sort ?? DEFAULT_SORT;
  const order = opts.sort && opts.sort !== DEFAULT_SORT ? ORDER_SQL[sort] : Prisma.sql`score DESC, ${ORDER_SQL[DEFAULT_SORT]}`;
  const rows = await prisma.$queryRaw<Array<{ id: number; score: number; total: bigint }>>`
    SELECT p."id", (${score}) AS score, COUNT(*) OVER () AS total
    FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId"
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${opts.limit} OFFSET ${opts.offset}`;
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && opts.offset > 0) {
    const [{ count }] = await prisma.$queryRaw<Array<{ count: bigint }>>`
      SELECT COUNT(*) AS count FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId" WHERE ${where}`;
    total = Number(count);
  }
  return { ids: rows.map((r) => r.id), total };
}

async function loadProductList(opts: ProductListOptions): Promise<ProductList> {
  const limit = opts.limit ?? PAGE_SIZE;
  const offset = opts.offset ?? 0;
  const search = normalizeSearch(opts.search);
  if (search) {
    const { ids, total } = await searchProductIds({ ...opts, search, limit, offset });
    const rows = await prisma.product.findMany({ where: { id: { in: ids } }, include: productInclude });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { products: ids.flatMap((id) => (byId.has(id) ? [toProductDTO(byId.get(id)!)] : [])), total };
  }
  const where: Prisma.ProductWhereInput = {
    ...publicProduct,
    ...(opts.category ? { category: { active: true, slug: opts.category } } : {}),
    ...(opts.featured !== undefined ? { featured: opts.featured } : {}),
    ...(opts.excludeSlug ? { slug: { not: opts.excludeSlug } } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.product.findMany({ where, include: productInclude, orderBy: ORDER_BY[opts.sort ?? DEFAULT_SORT], take: limit, skip: offset }),
    prisma.product.count({ where }),
  ]);
  return { products: rows.map(toProductDTO), total };
}

export const listProducts = unstable_cache(loadProductList, ["catalog:listProducts"], {
  tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories],
  revalidate: REVALIDATE_SECONDS,
});

export function listFeaturedProducts(limit = FEATURED_LIMIT) {
  return listProducts({ featured: true, limit });
}

export function getProductBySlug(slug: string): Promise<ProductDTO | null> {
  return unstable_cache(
    async () => {
      const row = await prisma.product.findFirst({ where: { ...publicProduct, slug }, include: productInclude });
      return row ? toProductDTO(row) : null;
    },
    ["catalog:getProductBySlug", slug],
    { tags: [CATALOG_TAGS.products, CATALOG_TAGS.product(slug), CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
  )();
}

/** Up to four other products of the same category (never the product itself). */
export async function getRelatedProducts(product: Pick<ProductDTO, "slug" | "category">, limit = RELATED_LIMIT) {
  const { products } = await listProducts({ category: product.category.slug, excludeSlug: product.slug, limit });
  return products;
}

export const listCategories = unstable_cache(
  async (): Promise<CategoryDTO[]> => {
    const rows = await prisma.category.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });
    return rows.map(toCategoryDTO);
  },
  ["catalog:listCategories"],
  { tags: [CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

export async function getCategoryBySlug(slug: string): Promise<CategoryDTO | null> {
  return (await listCategories()).find((c) => c.slug === slug) ?? null;
}

/** Sold one-of-a-kind pieces the maker chose to show (spec: gallery). */
export const listGalleryItems = unstable_cache(
  async (): Promise<GalleryItemDTO[]> => {
    const rows = await prisma.product.findMany({
      where: { uniqueItem: true, sold: true, showInGallery: true, active: true, category: { active: true } },
      include: productInclude,
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    });
    return rows.map((p) => {
      const dto = toProductDTO(p);
      return {
        id: dto.id,
        slug: dto.slug,
        name: dto.name,
        images: dto.images,
        media: dto.media,
        shortDescription: dto.shortDescription,
        description: dto.description,
        category: p.category ? { name: p.category.name } : null,
      };
    });
  },
  ["catalog:listGalleryItems"],
  { tags: [CATALOG_TAGS.gallery, CATALOG_TAGS.products], revalidate: REVALIDATE_SECONDS },
);
