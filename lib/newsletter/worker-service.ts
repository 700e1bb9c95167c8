import "server-only";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { listUnsubscribeHeaders, unsubscribePageUrl } from "@/lib/newsletter/links";
import { personalise, type RenderedCampaign } from "@/lib/newsletter/render";
import { BATCH_LIMIT, defaultTransport, TransientSendError, type OutgoingEmail, type Transport } from "@/lib/newsletter/transport";

/**
 * Sending a campaign: never twice, never skipped.
 *
 * When a send starts (lib/newsletter/campaigns.ts startCampaign) the campaign gets one
 * CampaignRecipient row per confirmed subscriber, status `queued`. Workers then:
 * 1. claim a batch (≤ 100 rows) atomically: SELECT … FOR UPDATE SKIP LOCKED, then mark the
 *    rows `sending` with a lease and a batch key made from the campaign and the rows' ids —
 *    any number of workers, in one process or several instances, get disjoint batches;
 * 2. send the batch in one provider call with that key as its Idempotency-Key;
 * 3. mark each row `sent` with the provider's id (or `failed` with the provider's reason),
 *    only while it is still theirs (status `sending`, the same key).
 * A worker that dies between 2 and 3 leaves its rows `sending`; once the lease runs out,
 * another worker takes over exactly that batch (same rows, same key), and the provider
 * answers with the first call's ids without sending again. A row whose subscriber
 * unsubscribed (or was suppressed) after the campaign started is `skipped`, never sent.
 *
 * Where it runs: in the server process (startNewsletterWorker, from instrumentation.ts, on
 * every instance: the claims make that safe), every few seconds and at once when an admin
 * starts a send; GET /api/cron/cleanup also runs it where no process stays up (Vercel).
 */
export type ClaimedRow = { id: number; subscriberId: number; email: string; token: string; status: string };
/** `takeover`: a batch another worker claimed and did not finish — it may have reached the provider, so it goes out as it was. */
export type ClaimedBatch = { campaignId: number; key: string; rows: ClaimedRow[]; takeover: boolean };

export type WorkerOptions = {
  transport?: Transport;
  batchSize?: number;
  leaseMs?: number;
  /** Provider calls per second from this worker (Resend's default limit: 2 per second per team). */
  ratePerSecond?: number;
  /** Stops after this many batches (tests). */
  maxBatches?: number;
  now?: () => Date;
};

const MAX_ATTEMPTS = 5;

/** The Idempotency-Key of a batch: the campaign and a digest of its recipients' ids. */
export function batchKey(campaignId: number, recipientIds: number[]): string {
  const digest = createHash("sha256")
    .update([...recipientIds].sort((a, b) => a - b).join(","))
    .digest("hex")
    .slice(0, 32);
  return `newsletter-${campaignId}-${digest}`;
}

/** Takes over one batch whose worker's lease ran out (the same rows, the same key), or claims up to `size` queued rows. */
export async function claimBatch(campaignId: number, opts: { size?: number; leaseMs?: number; now?: Date } = {}): Promise<ClaimedBatch | null> {
  const size = Math.min(opts.size ?? BATCH_LIMIT, BATCH_LIMIT);
  const now = opts.now ?? new Date();
  const leaseUntil = new Date(now.getTime() + (opts.leaseMs ?? env.NEWSLETTER_LEASE_SECONDS * 1000));
  return prisma.$transaction(async (tx) => {
    const [expired] = await tx.$queryRaw<Array<{ batchKey: string }>>`
      SELECT "batchKey" FROM "CampaignRecipient"
      WHERE "campaignId" = ${campaignId} AND "status" = 'sending' AND "leaseUntil" < ${now}
      ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED`;
    let rows: Array<{ id: number; subscriberId: number; email: string }>;
    let key: string;
    if (expired) {
      key = expired.batchKey;
      rows = await tx.$queryRaw`
        UPDATE "CampaignRecipient" SET "leaseUntil" = ${leaseUntil}, "attempts" = "attempts" + 1
        WHERE "campaignId" = ${campaignId} AND "batchKey" = ${key} AND "status" = 'sending' AND "leaseUntil" < ${now}
        RETURNING "id", "subscriberId", "email"`;
    } else {
      const picked = await tx.$queryRaw<Array<{ id: number }>>`
        SELECT "id" FROM "CampaignRecipient" WHERE "campaignId" = ${campaignId} AND "status" = 'queued'
        ORDER BY "id" LIMIT ${size} FOR UPDATE SKIP LOCKED`;
      if (!picked.length) return null;
      const ids = picked.map((p) => p.id);
      key = batchKey(campaignId, ids);
      rows = await tx.$queryRaw`
        UPDATE "CampaignRecipient" SET "status" = 'sending', "batchKey" = ${key}, "leaseUntil" = ${leaseUntil}, "attempts" = "attempts" + 1
        WHERE "id" = ANY(${ids}::int[]) AND "status" = 'queued'
        RETURNING "id", "subscriberId", "email"`;
    }
    if (!rows.length) return null;
    const subscribers = await tx.newsletterSubscriber.findMany({ where: { id: { in: rows.map((r) => r.subscriberId) } }, select: { id: true, unsubscribeToken: true, status: true } });
    const byId = new Map(subscribers.map((s) => [s.id, s]));
    const claimed = rows.map((r) => ({ ...r, token: byId.get(r.subscriberId)?.unsubscribeToken ?? "", status: byId.get(r.subscriberId)?.status ?? "unsubscribed" })).sort((a, b) => a.id - b.id);
    return { campaignId, key, rows: claimed, takeover: Boolean(expired) };
  });
}

/** One recipient's message: their unsubscribe link in the footer and in the List-Unsubscribe headers. */
export function recipientEmail(campaign: { subject: string }, rendered: RenderedCampaign, row: { email: string; token: string }): OutgoingEmail {
  const { html, text } = personalise(rendered, unsubscribePageUrl(row.token));
  return { to: row.email, subject: campaign.subject, html, text, headers: listUnsubscribeHeaders(row.token) };
}

let nextSlot = 0;
/** This process's pace: at most `rate` provider calls a second, shared by every worker loop in it. */
async function waitForSlot(rate: number) {
  const gap = 1000 / rate;
  const now = Date.now();
  const slot = Math.max(now, nextSlot);
  nextSlot = slot + gap;
  if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
}

export type BatchResult = { sent: number; failed: number; skipped: number; retryLater: boolean };

/** Sends one claimed batch and records the outcome of each row (only rows still held under this batch's key). */
export async function sendBatch(batch: ClaimedBatch, opts: WorkerOptions = {}): Promise<BatchResult> {
  const transport = opts.transport ?? defaultTransport();
  const now = opts.now ?? (() => new Date());
  const campaign = await prisma.newsletterCampaign.findUniqueOrThrow({ where: { id: batch.campaignId }, select: { subject: true, html: true, text: true } });
  const rendered = { html: campaign.html ?? "", text: campaign.text ?? "" };
  // Rows whose subscriber is no longer confirmed are never sent. A batch taken over after a crash keeps
  // its composition (the key names it), so such a row still goes out if its batch went out before.
  const skip = batch.takeover ? [] : batch.rows.filter((r) => r.status !== "confirmed");
  const send = batch.rows.filter((r) => !skip.includes(r));
  if (skip.length) {
    await prisma.$executeRaw`UPDATE "CampaignRecipient" SET "status" = 'skipped', "leaseUntil" = NULL, "error" = 'unsubscribed before sending'
      WHERE "id" = ANY(${skip.map((r) => r.id)}::int[]) AND "status" = 'sending' AND "batchKey" = ${batch.key}`;
  }
  if (!send.length) return { sent: 0, failed: 0, skipped: skip.length, retryLater: false };
  // The key must name exactly what is sent: a batch that lost rows to skipping goes out under a key of its own rows.
  const key = skip.length
    ? batchKey(
        batch.campaignId,
        send.map((r) => r.id),
      )
    : batch.key;
  if (key !== batch.key) {
    await prisma.$executeRaw`UPDATE "CampaignRecipient" SET "batchKey" = ${key} WHERE "id" = ANY(${send.map((r) => r.id)}::int[]) AND "status" = 'sending' AND "batchKey" = ${batch.key}`;
  }
  await waitForSlot(opts.ratePerSecond ?? env.NEWSLETTER_SEND_RATE);
  const leaseMs = opts.leaseMs ?? env.NEWSLETTER_LEASE_SECONDS * 1000;
  let outcomes;
  try {
    outcomes = await transport.sendBatch(
      send.map((r) => recipientEmail(campaign, rendered, r)),
      key,
      // Waiting out a 429: keep the lease so no other worker takes the batch meanwhile.
      async (waitMs) => {
        await prisma.$executeRaw`UPDATE "CampaignRecipient" SET "leaseUntil" = ${new Date(now().getTime() + waitMs + leaseMs)}
          WHERE "id" = ANY(${send.map((r) => r.id)}::int[]) AND "status" = 'sending' AND "batchKey" = ${key}`;
      },
    );
  } catch (error) {
    if (!(error instanceof TransientSendError)) throw error;
    // Tried again under the same key once a short lease runs out; after MAX_ATTEMPTS the rows fail.
    log.warn({ campaignId: batch.campaignId, batch: key, err: error.message }, "newsletter batch not sent; will retry");
    await prisma.$executeRaw`UPDATE "CampaignRecipient" SET
        "status" = CASE WHEN "attempts" >= ${MAX_ATTEMPTS} THEN 'failed'::"CampaignRecipientStatus" ELSE "status" END,
        "error" = ${error.message.slice(0, 500)},
        "leaseUntil" = ${new Date(now().getTime() + 5000)}
      WHERE "id" = ANY(${send.map((r) => r.id)}::int[]) AND "status" = 'sending' AND "batchKey" = ${key}`;
    return { sent: 0, failed: 0, skipped: skip.length, retryLater: true };
  }
  const sentIds: number[] = [];
  const providerIds: string[] = [];
  const failedIds: number[] = [];
  const errors: string[] = [];
  outcomes.forEach((o, i) => {
    if (o.ok) {
      sentIds.push(send[i].id);
      providerIds.push(o.id);
    } else {
      failedIds.push(send[i].id);
      errors.push(o.error.slice(0, 500));
    }
  });
  const at = now();
  await prisma.$transaction([
    prisma.$executeRaw`UPDATE "CampaignRecipient" r SET "status" = 'sent', "providerId" = v.pid, "sentAt" = ${at}, "leaseUntil" = NULL, "error" = NULL
      FROM unnest(${sentIds}::int[], ${providerIds}::text[]) AS v(id, pid)
      WHERE r."id" = v.id AND r."status" = 'sending' AND r."batchKey" = ${key}`,
    prisma.$executeRaw`UPDATE "CampaignRecipient" r SET "status" = 'failed', "error" = v.err, "leaseUntil" = NULL
      FROM unnest(${failedIds}::int[], ${errors}::text[]) AS v(id, err)
      WHERE r."id" = v.id AND r."status" = 'sending' AND r."batchKey" = ${key}`,
  ]);
  return { sent: sentIds.length, failed: failedIds.length, skipped: skip.length, retryLater: false };
}

/** Marks the campaign sent once no row is queued or in flight. */
export async function finishIfDone(campaignId: number, now: Date = new Date()): Promise<boolean> {
  const done = await prisma.$executeRaw`UPDATE "NewsletterCampaign" SET "status" = 'sent', "finishedAt" = ${now}, "updatedAt" = ${now}
    WHERE "id" = ${campaignId} AND "status" = 'sending'
      AND NOT EXISTS (SELECT 1 FROM "CampaignRecipient" WHERE "campaignId" = ${campaignId} AND "status" IN ('queued', 'sending'))`;
  return done > 0;
}

/** Works one campaign until nothing is left to claim now (rows held by another live worker are theirs). */
export async function runCampaign(campaignId: number, opts: WorkerOptions = {}): Promise<{ batches: number; sent: number; failed: number; skipped: number }> {
  const totals = { batches: 0, sent: 0, failed: 0, skipped: 0 };
  for (;;) {
    if (opts.maxBatches !== undefined && totals.batches >= opts.maxBatches) break;
    const batch = await claimBatch(campaignId, { size: opts.batchSize, leaseMs: opts.leaseMs, now: opts.now?.() });
    if (!batch) break;
    const result = await sendBatch(batch, opts);
    totals.batches++;
    totals.sent += result.sent;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    if (result.retryLater) break;
  }
  await finishIfDone(campaignId, opts.now?.());
  return totals;
}
