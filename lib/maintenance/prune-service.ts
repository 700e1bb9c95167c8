import "server-only";
import { log } from "@/lib/log";
import { prisma } from "@/lib/db";
import { reconcileStaleRefunds } from "@/lib/orders/refund-service";
import { reconcileUnsettledCaptures } from "@/lib/checkout/capture-service";
import { recordMissingTaxTransactions, reverseMissingTaxReversals } from "@/lib/orders/tax-service";
import { sendDueReviewRequests } from "@/lib/reviews/request-service";
import { sweepOrphanPhotos } from "@/lib/maintenance/orphan-photos-service";

/**
 * Removes rows that have done their job, so tables written by anonymous
 * visitors cannot grow without bound. Safe to run at any time, on any
 * number of instances at once (each step is one idempotent DELETE).
 * Runs at start-up and hourly (instrumentation.ts) and from Vercel Cron
 * (GET /api/cron/cleanup).
 */
const DAY = 24 * 60 * 60 * 1000;
export const RETENTION = {
  /** A server cart nobody touched for a month. */
  cartDays: 30,
  /** Checkouts that never became an order; card authorisations lapse after 7 days anyway. */
  abandonedCheckoutDays: 7,
  /** Test-provider intents that were never captured (captured ones belong to orders and stay). */
  testIntentDays: 7,
  /** Used or expired reset links. */
  resetTokenDays: 1,
  /** Webhook ids kept for de-duplication well past Stripe's 3-day retry window. */
  webhookEventDays: 30,
  /** Admin sessions (a device and an address each) a month after they ended or expired. */
  adminSessionDays: 30,
} as const;

export type PruneResult = Record<"rateLimits" | "carts" | "checkouts" | "testIntents" | "resetTokens" | "webhookEvents" | "adminSessions", number>;

export async function pruneExpiredRows(now = new Date()): Promise<PruneResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const rateLimits = await prisma.rateLimit.deleteMany({ where: { expire: { lt: now } } });
  const carts = await prisma.cartItem.deleteMany({ where: { updatedAt: { lt: before(RETENTION.cartDays) } } });
  const checkouts = await prisma.checkout.deleteMany({ where: { orderId: null, updatedAt: { lt: before(RETENTION.abandonedCheckoutDays) } } });
  const testIntents = await prisma.$executeRaw`
    DELETE FROM "TestPaymentIntent" t
    WHERE t."status" <> 'succeeded' AND t."updatedAt" < ${before(RETENTION.testIntentDays)}
      AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."stripePaymentIntentId" = t."id")`;
  const resetTokens = await prisma.passwordResetToken.deleteMany({
    where: { OR: [{ expiresAt: { lt: before(RETENTION.resetTokenDays) } }, { usedAt: { lt: before(RETENTION.resetTokenDays) } }] },
  });
  const webhookEvents = await prisma.webhookEvent.deleteMany({ where: { processedAt: { not: null }, receivedAt: { lt: before(RETENTION.webhookEventDays) } } });
  const adminSessions = await prisma.adminSession.deleteMany({
    where: { OR: [{ expiresAt: { lt: before(RETENTION.adminSessionDays) } }, { endedAt: { lt: before(RETENTION.adminSessionDays) } }] },
  });
  return {
    rateLimits: rateLimits.count,
    carts: carts.count,
    checkouts: checkouts.count,
    testIntents,
    resetTokens: resetTokens.count,
    webhookEvents: webhookEvents.count,
    adminSessions: adminSessions.count,
  };
}

/** The hourly upkeep: expired rows pruned, card payments whose capture's outcome is unknown settled with the provider (lib/checkout/capture-service.ts), refunds left pending by a request that died settled with the provider, Stripe Tax transactions that could not be recorded after capture recorded and refunds' failed reversals made, review requests that are due sent, shoppers' photo files no row owns (a day old) deleted. */
export async function runMaintenance(now = new Date()) {
  const pruned = await pruneExpiredRows(now);
  const captures = await reconcileUnsettledCaptures(now);
  const refunds = await reconcileStaleRefunds({ now });
  const taxTransactions = await recordMissingTaxTransactions(now);
  const taxReversals = await reverseMissingTaxReversals(now);
  const reviewRequests = await sendDueReviewRequests(now);
  const orphanPhotos = await sweepOrphanPhotos(now);
  return { pruned, captures, refunds, taxTransactions, taxReversals, reviewRequests, orphanPhotos };
}

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the upkeep now and then every hour in this process; never throws (a failed run is logged and retried next hour). */
export function schedulePruning(): void {
  const run = () =>
    runMaintenance().then(
      ({ pruned }) => {
        const total = Object.values(pruned).reduce((a, b) => a + b, 0);
        if (total) log.info({ pruned }, "pruned expired rows");
      },
      (error) => log.error({ err: error }, "hourly maintenance failed"),
    );
  void run();
  setInterval(() => void run(), PRUNE_INTERVAL_MS).unref();
}
