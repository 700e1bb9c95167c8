import "server-only";
import { unstable_cache } from "next/cache";
import { prisma } from "@/lib/db";
import { CATALOG_TAGS, REVALIDATE_SECONDS } from "@/lib/catalog/tags";
import type { AdminReviewStatus as ReviewStatus } from "@/lib/reviews/admin-schemas";
import { REVIEWS_PAGE_SIZE, type ReviewPhoto } from "@/lib/reviews/schemas";

/** A published review as shoppers and GET /api/products/{slug}/reviews see it: no order, email or surname. */
export type PublicReviewDTO = {
  id: number;
  rating: number;
  title: string;
  body: string;
  photos: ReviewPhoto[];
  author: string;
  verifiedBuyer: true;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
};

/** The stored photos list (JSON), kept to well-formed entries. */
function toPhotos(value: unknown): ReviewPhoto[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is ReviewPhoto => Boolean(p) && typeof p.url === "string" && Number.isInteger(p.width) && Number.isInteger(p.height))
    .map(({ url, width, height }) => ({ url, width, height }));
}

type ReviewRow = { id: number; rating: number; title: string; body: string; photos: unknown; authorName: string; createdAt: Date; reply: string | null; repliedAt: Date | null };

/** A stored review as shoppers see it (no order, email or surname). */
function toPublicReview(r: ReviewRow): PublicReviewDTO {
  return {
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    photos: toPhotos(r.photos),
    author: r.authorName,
    verifiedBuyer: true,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}

export type ReviewPage = { reviews: PublicReviewDTO[]; total: number; page: number; pageSize: number; pages: number };
export type RatingTotals = { count: number; starTotal: number };

/**
 * One page of a product's approved reviews, newest first. Cached with the
 * catalogue's tags (moderation expires them); keyed by product id and a page
 * the caller checked against the product's approved count, so no URL adds
 * entries without bound.
 */
const cachedReviewPage = unstable_cache(
  async (productId: number, page: number): Promise<{ reviews: PublicReviewDTO[]; total: number }> => {
    const where = { productId, status: "approved" as const };
    const [rows, total] = await Promise.all([
      prisma.review.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * REVIEWS_PAGE_SIZE, take: REVIEWS_PAGE_SIZE }),
      prisma.review.count({ where }),
    ]);
    return {
      total,
      reviews: rows.map(toPublicReview),
    };
  },
  ["reviews:page"],
  { tags: [CATALOG_TAGS.products], revalidate: REVALIDATE_SECONDS },
);

/** Page `page` of the approved reviews of a product (its DTO's reviewCount bounds the pages). */
export async function listProductReviews(product: { id: number; reviewCount: number }, page = 1): Promise<ReviewPage> {
  const pages = Math.max(1, Math.ceil(product.reviewCount / REVIEWS_PAGE_SIZE));
  if (product.reviewCount === 0 || page > pages) return { reviews: [], total: product.reviewCount, page, pageSize: REVIEWS_PAGE_SIZE, pages };
  const { reviews, total } = await cachedReviewPage(product.id, page);
  return { reviews, total, page, pageSize: REVIEWS_PAGE_SIZE, pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)) };
}

/** Approved-review totals of public products, per category slug and for the whole shop (category and home pages). */
export const getRatingTotals = unstable_cache(
  async (): Promise<{ shop: RatingTotals; categories: Record<string, RatingTotals> }> => {
    const rows = await prisma.product.groupBy({
      by: ["categoryId"],
      where: { active: true, category: { active: true }, reviewCount: { gt: 0 } },
      _sum: { reviewCount: true, reviewStarTotal: true },
    });
    const slugs = new Map((await prisma.category.findMany({ where: { id: { in: rows.map((r) => r.categoryId) } }, select: { id: true, slug: true } })).map((c) => [c.id, c.slug]));
    const shop: RatingTotals = { count: 0, starTotal: 0 };
    const categories: Record<string, RatingTotals> = {};
    for (const r of rows) {
      const totals = { count: r._sum.reviewCount ?? 0, starTotal: r._sum.reviewStarTotal ?? 0 };
      categories[slugs.get(r.categoryId)!] = totals;
      shop.count += totals.count;
      shop.starTotal += totals.starTotal;
    }
    return { shop, categories };
  },
  ["reviews:rating-totals"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

/** A review as the admin's Reviews screen and GET /api/admin/reviews show it. */
export type AdminReviewDTO = PublicReviewDTO & { status: ReviewStatus; hiddenReason: string | null; productName: string; productSlug: string | null; orderNumber: string };

/** Reviews for moderation, newest first, optionally by status: never filtered or sorted by rating. */
export async function listReviewsForAdmin(status?: ReviewStatus): Promise<AdminReviewDTO[]> {
  const rows = await prisma.review.findMany({
    where: status ? { status } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
    include: { product: { select: { slug: true } }, orderItem: { select: { productName: true, order: { select: { orderNumber: true } } } } },
  });
  return rows.map((r) => ({
    ...toPublicReview(r),
    status: r.status,
    hiddenReason: r.hiddenReason,
    productName: r.orderItem.productName,
    productSlug: r.product?.slug ?? null,
    orderNumber: r.orderItem.order.orderNumber,
  }));
}
