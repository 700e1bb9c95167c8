import "server-only";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { reviewRequestEmail } from "@/lib/email/templates";
import { log } from "@/lib/log";
import { sendClaimedOrderEmail } from "@/lib/orders/email-service";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { goodsLines } from "@/lib/gift-cards/rules";
import { reviewPath, reviewUrl } from "@/lib/reviews/links";

const DAY = 86_400_000;
/** Deliveries older than REVIEW_REQUEST_DAYS + this are not asked any more (orders delivered before reviews existed are not emailed at once). */
export const REVIEW_REQUEST_WINDOW_DAYS = 30;
const BATCH = 200;
const ONCE_KEY = "email:review_request";

/**
 * The review-request email: REVIEW_REQUEST_DAYS after an order became
 * delivered (its timeline's status change to delivered), to its buyer, whatever
 * else the order went through (refunds, disputes): never only to happy buyers.
 * Run by the hourly upkeep (lib/maintenance/prune-service.ts) and the cron
 * route. Nothing is kept in memory: each run asks the database which delivered
 * orders are due and have no review-request on their timeline, so a restart (or
 * an instance that was down) only delays a send, and the timeline's unique
 * once-key lets one run on one instance send it, once.
 */
export async function sendDueReviewRequests(now: Date = new Date(), days = env.REVIEW_REQUEST_DAYS): Promise<{ sent: number }> {
  const due = new Date(now.getTime() - days * DAY);
  const oldest = new Date(due.getTime() - REVIEW_REQUEST_WINDOW_DAYS * DAY);
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT o."id" FROM "Order" o
    WHERE o."status" = 'delivered'
      AND NOT EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."onceKey" = ${ONCE_KEY})
      AND (SELECT max(e."createdAt") FROM "OrderEvent" e
           WHERE e."orderId" = o."id" AND e."type" = 'status_changed' AND e."detail"->>'to' = 'delivered') BETWEEN ${oldest} AND ${due}
    ORDER BY o."id"
    LIMIT ${BATCH}`;
  let sent = 0;
  for (const { id } of rows) {
    const order = await prisma.order.findUnique({
      where: { id },
      select: {
        id: true,
        orderNumber: true,
        email: true,
        firstName: true,
        status: true,
        items: { orderBy: { id: "asc" }, select: { id: true, productName: true } },
        giftCardsBought: { select: { orderItemId: true } },
      },
    });
    // Only goods are reviewed: an order of only gift cards is asked for nothing.
    const reviewable = order ? goodsLines(order.items, order.giftCardsBought) : [];
    if (!order || order.status !== "delivered" || reviewable.length === 0) continue;
    // The claim: one run, on one instance, sends it (a unique once-key on the timeline).
    if (!(await appendOrderEvent(prisma, order.id, "email_sent", { template: "review_request", to: order.email }, { actor: "system", onceKey: ONCE_KEY }))) continue;
    const links = await Promise.all(reviewable.map(async (i) => ({ productName: i.productName, url: await reviewUrl({ orderItemId: i.id, orderNumber: order.orderNumber }, now) })));
    // Kept in the outbox as sent (not redacted like a reset link): a review link can only add one
    // review of its own line, which waits for the maker's approval.
    await sendClaimedOrderEmail(order, { template: "review_request", message: reviewRequestEmail(order, links) });
    sent++;
  }
  if (sent) log.info({ sent }, "review requests sent");
  return { sent };
}

export type OrderReviewLink = { name: string; path: string | null; reviewed: boolean };

/** "Review your purchase" on the order-status page: a delivered order's lines, each with its link until it is reviewed. */
export async function reviewLinksForOrder(orderNumber: string, now: Date = new Date()): Promise<OrderReviewLink[]> {
  const order = await prisma.order.findUnique({
    where: { orderNumber },
    select: { status: true, items: { orderBy: { id: "asc" }, select: { id: true, productName: true, review: { select: { id: true } } } }, giftCardsBought: { select: { orderItemId: true } } },
  });
  if (!order || order.status !== "delivered") return [];
  return Promise.all(
    goodsLines(order.items, order.giftCardsBought).map(async (i) => ({
      name: i.productName,
      reviewed: i.review !== null,
      path: i.review ? null : await reviewPath({ orderItemId: i.id, orderNumber }, now),
    })),
  );
}
