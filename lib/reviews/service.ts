import "server-only";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { expireCatalog, expirePublicUrls } from "@/lib/catalog/revalidate";
import { prisma, Prisma } from "@/lib/db";
import { ownerEmail, sendEmail } from "@/lib/email/service";
import { reviewNotificationEmail } from "@/lib/email/templates";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { shopOrigin } from "@/lib/orders/links";
import { goodsLines } from "@/lib/gift-cards/rules";
import { readReviewToken } from "@/lib/reviews/links";
import type { ModerateReview } from "@/lib/reviews/admin-schemas";
import { HIDE_REASON_LABELS, MAX_REVIEW_PHOTOS, REVIEW_THUMB_SIDE, TOO_MANY_PHOTOS, type ReviewPhoto, type ReviewSubmission } from "@/lib/reviews/schemas";
import { storedImageUrls, withStoredPhotos } from "@/lib/storage";
import { toPhotos } from "@/lib/reviews/queries";

/**
 * Verified-buyer reviews: a buyer reviews one line of a delivered order through
 * its signed link (once: a line has at most one review), the review waits for
 * the maker, and only approved reviews count towards a product's rating
 * (Product.reviewCount / reviewStarTotal, recomputed here in the moderation's
 * transaction). Moderation is on content: approve, hide with a content reason
 * (recorded in the audit log), reply in public. Every change that alters what a
 * shopper sees expires the catalogue (lib/catalog/revalidate.ts).
 */
export const REVIEW_LINK_MESSAGES = {
  invalid: "This review link is not valid. Please use the link from your email.",
  expired: "This review link has expired. Please contact us if you would still like to review your purchase.",
  otherOrder: "This review link is for another order.",
  notDelivered: "You can review this purchase once your order has been delivered.",
  used: "This review link has already been used: you have reviewed this purchase. Thank you!",
  giftCard: "A gift card is not reviewed: there is nothing here to review.",
} as const;
export const REVIEW_THANKS = "Thank you! Your review will appear once the maker has read it.";
export const REVIEW_NOT_FOUND = "Review not found.";

export type ReviewLinkItem = { orderItemId: number; orderNumber: string; productName: string; productSlug: string | null; firstName: string };
export type ReviewLinkState = { ok: true; item: ReviewLinkItem } | { ok: false; code: "bad_request" | "forbidden" | "conflict"; message: string };

/** "Dana R.": the buyer's first name and last initial, never more. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] || "A buyer";
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** What a review link opens: the order line it names, or why it is refused. */
export async function openReviewLink(orderNumber: string, token: string, now: Date = new Date()): Promise<ReviewLinkState> {
  const read = await readReviewToken(token, now);
  if (!read.ok) return { ok: false, code: "bad_request", message: REVIEW_LINK_MESSAGES[read.reason] };
  if (read.claims.orderNumber !== orderNumber) return { ok: false, code: "forbidden", message: REVIEW_LINK_MESSAGES.otherOrder };
  const item = await prisma.orderItem.findUnique({
    where: { id: read.claims.orderItemId },
    select: {
      id: true,
      productName: true,
      product: { select: { slug: true } },
      order: { select: { orderNumber: true, status: true, firstName: true, giftCardsBought: { select: { orderItemId: true } } } },
      review: { select: { id: true } },
    },
  });
  if (!item || item.order.orderNumber !== orderNumber) return { ok: false, code: "forbidden", message: REVIEW_LINK_MESSAGES.otherOrder };
  if (!goodsLines([item], item.order.giftCardsBought).length) return { ok: false, code: "forbidden", message: REVIEW_LINK_MESSAGES.giftCard };
  if (item.order.status !== "delivered") return { ok: false, code: "forbidden", message: REVIEW_LINK_MESSAGES.notDelivered };
  if (item.review) return { ok: false, code: "conflict", message: REVIEW_LINK_MESSAGES.used };
  return { ok: true, item: { orderItemId: item.id, orderNumber, productName: item.productName, productSlug: item.product?.slug ?? null, firstName: item.order.firstName } };
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * POST /api/reviews: the buyer's review, pending until the maker approves it; the maker is emailed.
 * Photos (at most 3) are checked and stored only once the link and the fields are good.
 */
export async function submitReview(input: ReviewSubmission, now: Date = new Date(), photoFiles: File[] = []): Promise<{ id: number }> {
  if (photoFiles.length > MAX_REVIEW_PHOTOS) throw new AppError("bad_request", TOO_MANY_PHOTOS, { photos: TOO_MANY_PHOTOS });
  const link = await openReviewLink(input.orderNumber, input.token, now);
  if (!link.ok) throw new AppError(link.code, link.message);
  const line = await prisma.orderItem.findUniqueOrThrow({ where: { id: link.item.orderItemId }, select: { productId: true, order: { select: { firstName: true, lastName: true } } } });
  // The photos are written, then the row; if the row cannot be written the photos are deleted again (no orphan files).
  const review = await withStoredPhotos(photoFiles, { folder: "reviews", thumbnail: REVIEW_THUMB_SIDE }, async (stored) => {
    const photos: ReviewPhoto[] = stored.map(({ url, width, height, thumbUrl }) => ({ url, width, height, ...(thumbUrl ? { thumbUrl } : {}) }));
    try {
      return await prisma.review.create({
        data: {
          orderItemId: link.item.orderItemId,
          productId: line.productId,
          rating: input.rating,
          title: input.title,
          body: input.body,
          photos,
          authorName: reviewerName(line.order.firstName, line.order.lastName),
        },
      });
    } catch (error) {
      // Two submissions of the same link at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw new AppError("conflict", REVIEW_LINK_MESSAGES.used);
      throw error;
    }
  });
  try {
    const email = reviewNotificationEmail({
      productName: link.item.productName,
      orderNumber: input.orderNumber,
      rating: review.rating,
      title: review.title,
      body: review.body,
      authorName: review.authorName,
      adminUrl: `${shopOrigin()}/admin/reviews`,
    });
    await sendEmail({ to: ownerEmail(), ...email });
  } catch (error) {
    // The review is stored and waits on the admin screen either way.
    log.error({ err: error, reviewId: review.id }, "review notification email failed");
  }
  return { id: review.id };
}

type Tx = Prisma.TransactionClient;

/** The product's approved count and star total, from its approved reviews (the product row locked first). */
async function recountProduct(tx: Tx, productId: number | null): Promise<void> {
  if (productId === null) return;
  await tx.$queryRaw`SELECT 1 FROM "Product" WHERE "id" = ${productId} FOR UPDATE`;
  await tx.$executeRaw`UPDATE "Product" SET
    "reviewCount" = (SELECT count(*)::int FROM "Review" WHERE "productId" = ${productId} AND "status" = 'approved'),
    "reviewStarTotal" = (SELECT coalesce(sum("rating"), 0)::int FROM "Review" WHERE "productId" = ${productId} AND "status" = 'approved')
    WHERE "id" = ${productId}`;
}

const moderationSelect = { id: true, status: true, hiddenReason: true, reply: true, productId: true, photos: true, product: { select: { slug: true } } } satisfies Prisma.ReviewSelect;
const auditView = (r: { status: string; hiddenReason: string | null; reply: string | null }) => ({ status: r.status, hiddenReason: r.hiddenReason, reply: r.reply });

/** Admin: approve, hide (with a content reason) or reply to a review; audited, and the catalogue expired. */
export async function moderateReview(rawId: unknown, change: ModerateReview, now: Date = new Date()) {
  const id = entityIdOrNotFound(rawId, REVIEW_NOT_FOUND);
  const result = await prisma.$transaction(async (tx) => {
    const before = await tx.review.findUnique({ where: { id }, select: moderationSelect });
    if (!before) throw new AppError("not_found", REVIEW_NOT_FOUND);
    const data: Prisma.ReviewUpdateInput =
      change.action === "approve"
        ? { status: "approved", hiddenReason: null, approvedAt: now }
        : change.action === "hide"
          ? { status: "hidden", hiddenReason: HIDE_REASON_LABELS[change.reason] }
          : { reply: change.reply || null, repliedAt: change.reply ? now : null };
    const after = await tx.review.update({ where: { id }, data, select: moderationSelect });
    if (before.status !== after.status) await recountProduct(tx, after.productId);
    await recordAudit(
      { entityType: "review", entityId: id, action: change.action, before: await auditSnapshot(async () => auditView(before)), after: await auditSnapshot(async () => auditView(after)) },
      tx,
    );
    return { ...after, published: before.status !== after.status && (before.status === "approved" || after.status === "approved") };
  });
  // What shoppers see changed (the average, the list, the reply): every page built from it expires now.
  if (result.product) await expireCatalog({ slugs: [result.product.slug], gallery: true });
  // A review's photos are public only while it is published (app/uploads/[...path]/route.ts): hidden, they are 404 at once.
  if (result.published) await expirePublicUrls(storedImageUrls(toPhotos(result.photos)));
  return { id: result.id, status: result.status, hiddenReason: result.hiddenReason, reply: result.reply };
}
