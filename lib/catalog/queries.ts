import "server-only";
import { unstable_cache } from "next/cache";
import { prisma, Prisma } from "@/lib/db";
import { SLUG_PATTERN } from "@/lib/catalog/admin-schemas";
import type { ProductListQuery } from "@/lib/catalog/schemas";
import { normalizeSearch } from "@/lib/search/words.mjs";
import { searchCatalog, type SearchList } from "@/lib/catalog/search-queries";
import { CATALOG_TAGS, REVALIDATE_SECONDS } from "@/lib/catalog/tags";
import { productInclude, toCategoryDTO, toProductDTO } from "@/lib/catalog/mappers";
import type { CategoryDTO, GalleryItemDTO, ProductDTO } from "@/lib/catalog/types";
import { FEATURED_LIMIT, MAX_API_OFFSET, PAGE_SIZE, RELATED_LIMIT } from "@/lib/site";
import { DEFAULT_SORT, SORT_COLUMNS, type SortValue } from "@/lib/catalog/sort";

/**
 * Cached catalogue reads. Every entry is tagged (CATALOG_TAGS) and the
 * services that change the catalogue revalidate those tags, so pages built
 * from these reads are served from cache until something really changes.
 */
export { CATALOG_TAGS };

/** What the public may see: an active product in an active category. */
const publicProduct: Prisma.ProductWhereInput = { active: true, category: { active: true } };

/** Each listing order (lib/catalog/sort.ts SORT_COLUMNS) as Prisma's orderBy. */
const orderBy = (sort: SortValue): Prisma.ProductOrderByWithRelationInput[] => SORT_COLUMNS[sort].map(([column, direction]): Prisma.ProductOrderByWithRelationInput => ({ [column]: direction }));

export type ProductListOptions = {
  category?: string;
  search?: string;
  featured?: boolean;
  sort?: SortValue;
  limit?: number;
  offset?: number;
  excludeSlug?: string;
};

/** Listings are cached in blocks of this many products: each entry stays far below Next's 2 MB item limit. */
const LISTING_BLOCK = 100;

type ListingBlock = { products: ProductDTO[]; total: number };

/**
 * One block of one listing (a category or all, optionally only featured /
 * not featured, in one sort order) and the listing's total. Keys are known
 * category × featured filter × sort × block, and blocks past the end are
 * never read, so no URL can add cache entries without bound.
 */
const cachedListingBlock = unstable_cache(
  async (category: string | null, featured: boolean | null, sort: SortValue, block: number): Promise<ListingBlock> => {
    const where: Prisma.ProductWhereInput = {
      ...publicProduct,
      ...(category ? { category: { active: true, slug: category } } : {}),
      ...(featured !== null ? { featured } : {}),
    };
    const [rows, total] = await Promise.all([
      prisma.product.findMany({ where, include: productInclude, orderBy: orderBy(sort), skip: block * LISTING_BLOCK, take: LISTING_BLOCK }),
      prisma.product.count({ where }),
    ]);
    return { products: rows.map(toProductDTO), total };
  },
  ["catalog:listing-block"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

/** Products [start, end) of a listing, from the cached blocks that cover them, and the listing's total. */
async function listingSlice(category: string | null, featured: boolean | null, sort: SortValue, start: number, end: number): Promise<ListingBlock> {
  const { total } = await cachedListingBlock(category, featured, sort, 0);
  const stop = Math.min(end, total);
  if (start >= stop) return { products: [], total };
  const first = Math.floor(start / LISTING_BLOCK);
  const blocks: ListingBlock[] = [];
  for (let block = first; block * LISTING_BLOCK < stop; block++) blocks.push(await cachedListingBlock(category, featured, sort, block));
  const base = first * LISTING_BLOCK;
  return { products: blocks.flatMap((b) => b.products).slice(start - base, stop - base), total };
}

/**
 * A page of public products. Listings are read from cached blocks keyed only
 * by known category, featured filter, sort and block; `exclude` is applied to
 * them, unknown categories are empty without a cache entry, and searches go
 * to ./search-queries.ts (ranked full-text search with its own bounded cache).
 */
export async function listProducts(opts: ProductListOptions = {}): Promise<SearchList> {
  const limit = Math.max(0, Math.trunc(opts.limit ?? PAGE_SIZE));
  const offset = Math.min(Math.max(0, Math.trunc(opts.offset ?? 0)), MAX_API_OFFSET);
  const search = normalizeSearch(opts.search);
  if (search) return searchCatalog({ ...opts, search, limit, offset });
  if (opts.category && !(await getCategoryBySlug(opts.category))) return { products: [], total: 0 };
  const category = opts.category ?? null;
  const featured = opts.featured ?? null;
  const sort = opts.sort ?? DEFAULT_SORT;
  const excluded = opts.excludeSlug ? await getProductBySlug(opts.excludeSlug) : null;
  const excludedListed = Boolean(excluded && (!category || excluded.category.slug === category) && (featured === null || excluded.featured === featured));
  if (!excludedListed) {
    const { products, total } = await listingSlice(category, featured, sort, offset, offset + limit);
    return { products, total };
  }
  // The excluded product is in this listing: skip it, shifting the page by one when it comes before it.
  const before = offset > 0 ? (await listingSlice(category, featured, sort, 0, offset)).products.some((p) => p.slug === excluded!.slug) : false;
  const start = offset + (before ? 1 : 0);
  const { products, total } = await listingSlice(category, featured, sort, start, start + limit + 1);
  return { products: products.filter((p) => p.slug !== excluded!.slug).slice(0, limit), total: total - 1 };
}

/** GET /api/products: the list its validated query asks for. */
export function listProductsForQuery(q: ProductListQuery): Promise<SearchList> {
  return listProducts({ category: q.category, search: q.search, featured: q.featured, sort: q.sort, limit: q.limit, offset: q.offset, excludeSlug: q.exclude });
}

export function listFeaturedProducts(limit = FEATURED_LIMIT) {
  return listProducts({ featured: true, limit });
}

/** Slugs of every public product: a product page for any other slug is not looked up (and adds no cache entry). */
const cachedPublicSlugs = unstable_cache(
  async (): Promise<string[]> => (await prisma.product.findMany({ where: publicProduct, select: { slug: true } })).map((p) => p.slug),
  ["catalog:public-slugs"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

const cachedProduct = unstable_cache(
  async (slug: string): Promise<ProductDTO | null> => {
    const row = await prisma.product.findFirst({ where: { ...publicProduct, slug }, include: productInclude });
    return row ? toProductDTO(row) : null;
  },
  ["catalog:product"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

/** One public product; a slug that names no public product adds no cache entry. */
export async function getProductBySlug(slug: string): Promise<ProductDTO | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  if (!(await cachedPublicSlugs()).includes(slug)) return null;
  return cachedProduct(slug);
}

/** How a piece reaches the shopper when not in the shop's usual parcel (lib/shipping/rules.ts priceShipment): its own freight price, or by arrangement. */
export type ProductDelivery = { freight: string | null; byArrangement: boolean };

/** The product page's delivery line: a piece's own freight price or "contact us for delivery", cached with the catalogue. */
export const getProductDelivery = unstable_cache(
  async (id: number): Promise<ProductDelivery> => {
    const row = await prisma.product.findUnique({ where: { id }, select: { freightPrice: true, contactForDelivery: true } });
    return { freight: row?.freightPrice ? row.freightPrice.toFixed(2) : null, byArrangement: row?.contactForDelivery ?? false };
  },
  ["catalog:productDelivery"],
  { tags: [CATALOG_TAGS.products], revalidate: REVALIDATE_SECONDS },
);

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
        reviewCount: dto.reviewCount,
        reviewStarTotal: dto.reviewStarTotal,
        category: p.category ? { name: p.category.name } : null,
      };
    });
  },
  ["catalog:listGalleryItems"],
  { tags: [CATALOG_TAGS.gallery, CATALOG_TAGS.products], revalidate: REVALIDATE_SECONDS },
);

/** How many products are public (the sitemap's split): read from the cached slug list, no new cache entry. */
export async function countPublicProducts(): Promise<number> {
  return (await cachedPublicSlugs()).length;
}

export type SitemapProductDTO = { slug: string; updatedAt: string; images: string[] };

/** Sitemap rows are cached in blocks of this many products (each entry far below Next's 2 MB item limit). */
export const SITEMAP_BLOCK = 2_000;

const cachedSitemapBlock = unstable_cache(
  async (block: number): Promise<SitemapProductDTO[]> => {
    const rows = await prisma.product.findMany({
      where: publicProduct,
      select: { slug: true, updatedAt: true, images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { url: true } } },
      orderBy: { id: "asc" },
      skip: block * SITEMAP_BLOCK,
      take: SITEMAP_BLOCK,
    });
    return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString(), images: r.images.map((i) => i.url) }));
  },
  ["catalog:sitemap-block"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

/**
 * Public products [start, end) in id order with their last change and images, for the sitemap.
 * Read from cached blocks keyed only by block number; blocks past the end are never read.
 */
export async function listSitemapProducts(start: number, end: number): Promise<SitemapProductDTO[]> {
  const stop = Math.min(end, await countPublicProducts());
  if (start >= stop) return [];
  const first = Math.floor(start / SITEMAP_BLOCK);
  const rows: SitemapProductDTO[] = [];
  for (let block = first; block * SITEMAP_BLOCK < stop; block++) rows.push(...(await cachedSitemapBlock(block)));
  const base = first * SITEMAP_BLOCK;
  return rows.slice(start - base, stop - base);
}
