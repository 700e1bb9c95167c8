import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isSingleLine, singleLineMessage } from "@/lib/single-line";
import { log } from "@/lib/log";
import { actingAdmin } from "@/lib/audit/context";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { imagesWithoutAlt, renderCampaign, personalise, type GridProduct, type RenderedCampaign } from "@/lib/newsletter/render";
import { listUnsubscribeHeaders, shopOrigin, shopUrl } from "@/lib/newsletter/links";
import { defaultTransport, type Transport } from "@/lib/newsletter/transport";
import { runCampaign, type WorkerOptions } from "@/lib/newsletter/worker-service";
import type { NewsletterCampaign } from "@/lib/generated/prisma/client";

/**
 * Campaigns: drafts the maker composes on the admin's Newsletter screen, a "New
 * pieces" draft pre-filled with the products added since the last campaign, previews, test
 * sends to the signed-in admin, and sends — now or at a scheduled time — to every address
 * confirmed when the send starts (one CampaignRecipient row each; lib/newsletter/worker.ts sends them).
 */
export const MAX_GRID_PRODUCTS = 12;

export const campaignInputSchema = z.object(
  {
    subject: z
      .string({ message: "Subject is required" })
      .trim()
      .min(1, "Subject is required")
      .max(150, "Subject is too long (150 characters at most)")
      .refine(isSingleLine, singleLineMessage("Subject")),
    preheader: z.string().trim().max(200, "Preheader is too long (200 characters at most)").default(""),
    body: z.string({ message: "Write the newsletter's text" }).trim().min(1, "Write the newsletter's text").max(50_000, "The text is too long"),
    productIds: z.array(z.number().int().positive()).max(MAX_GRID_PRODUCTS, `At most ${MAX_GRID_PRODUCTS} products in the grid`).default([]),
  },
  { message: "Request body must be a JSON object" },
);
export type CampaignInput = z.output<typeof campaignInputSchema>;

function checkContent(input: CampaignInput) {
  if (imagesWithoutAlt(input.body).length) {
    throw new AppError("bad_request", "Every image needs a description: write it between the brackets, ![a walnut bowl](…)", { body: "Every image needs a description (alt text)" });
  }
}

/** The grid's products as the message shows them: image, name, price and link, in the chosen order (missing or inactive ones left out). */
export async function gridProducts(ids: number[]): Promise<GridProduct[]> {
  if (!ids.length) return [];
  const rows = await prisma.product.findMany({
    where: { id: { in: ids }, active: true },
    select: { id: true, name: true, slug: true, price: true, images: { orderBy: { position: "asc" }, take: 1, select: { url: true, alt: true } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const image = p.images[0];
    return [{ name: p.name, price: p.price.toFixed(2), url: shopUrl(`/product/${p.slug}`), imageUrl: image ? shopUrl(image.url) : null, imageAlt: image?.alt ?? p.name }];
  });
}

export async function renderInput(input: CampaignInput): Promise<RenderedCampaign> {
  return renderCampaign({ subject: input.subject, preheader: input.preheader, body: input.body, products: await gridProducts(input.productIds) });
}

/**
 * The preview: the message as a recipient gets it (the unsubscribe link points nowhere). The shop's
 * own URLs are root-relative here, so the admin's page loads the grid's images from wherever it is
 * served (its Content-Security-Policy allows its own origin only).
 */
export async function previewCampaign(input: CampaignInput): Promise<RenderedCampaign> {
  checkContent(input);
  const rendered = personalise(await renderInput(input), "#unsubscribe");
  return { html: rendered.html.split(`${shopOrigin()}/`).join("/"), text: rendered.text };
}

export type CampaignProgress = { total: number; queued: number; sending: number; sent: number; failed: number; skipped: number; bounced: number; complained: number; complaintRate: number | null };

export type CampaignDTO = {
  id: number;
  subject: string;
  preheader: string;
  body: string;
  productIds: number[];
  status: NewsletterCampaign["status"];
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  createdByName: string | null;
  progress: CampaignProgress;
};

const emptyProgress = (): CampaignProgress => ({ total: 0, queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, bounced: 0, complained: 0, complaintRate: null });

/** Sent / total / failed and the complaint rate (complaints per message sent) of each campaign. */
export async function campaignProgress(ids: number[]): Promise<Map<number, CampaignProgress>> {
  const out = new Map(ids.map((id) => [id, emptyProgress()]));
  if (!ids.length) return out;
  const rows = await prisma.$queryRaw<Array<{ campaignId: number; status: string; n: bigint; bounced: bigint; complained: bigint }>>`
    SELECT "campaignId", "status"::text AS status, count(*) AS n, count("bouncedAt") AS bounced, count("complainedAt") AS complained
    FROM "CampaignRecipient" WHERE "campaignId" = ANY(${ids}::int[]) GROUP BY "campaignId", "status"`;
  for (const r of rows) {
    const p = out.get(r.campaignId)!;
    const n = Number(r.n);
    p.total += n;
    p[r.status as "queued" | "sending" | "sent" | "failed" | "skipped"] += n;
    p.bounced += Number(r.bounced);
    p.complained += Number(r.complained);
  }
  for (const p of out.values()) p.complaintRate = p.sent > 0 ? p.complained / p.sent : null;
  return out;
}

function toDTO(c: NewsletterCampaign, progress: CampaignProgress): CampaignDTO {
  return {
    id: c.id,
    subject: c.subject,
    preheader: c.preheader,
    body: c.body,
    productIds: Array.isArray(c.productIds) ? (c.productIds as number[]) : [],
    status: c.status,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    startedAt: c.startedAt?.toISOString() ?? null,
    finishedAt: c.finishedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    createdByName: c.createdByName,
    progress,
  };
}

export async function listCampaigns(): Promise<CampaignDTO[]> {
  const rows = await prisma.newsletterCampaign.findMany({ orderBy: { id: "desc" }, take: 100 });
  const progress = await campaignProgress(rows.map((r) => r.id));
  return rows.map((r) => toDTO(r, progress.get(r.id)!));
}

export async function getCampaign(id: number): Promise<CampaignDTO> {
  const row = await prisma.newsletterCampaign.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", "Campaign not found");
  return toDTO(row, (await campaignProgress([id])).get(id)!);
}

const auditView = (c: NewsletterCampaign) => ({
  subject: c.subject,
  preheader: c.preheader,
  body: c.body,
  productIds: c.productIds,
  status: c.status,
  scheduledAt: c.scheduledAt?.toISOString() ?? null,
  total: c.total,
});

export async function createCampaign(input: CampaignInput): Promise<CampaignDTO> {
  checkContent(input);
  return prisma.$transaction(async (tx) => {
    const row = await tx.newsletterCampaign.create({
      data: { subject: input.subject, preheader: input.preheader, body: input.body, productIds: input.productIds, createdByName: actingAdmin()?.username ?? null },
    });
    await recordAudit({ entityType: "campaign", entityId: row.id, action: "create", before: null, after: auditView(row) }, tx);
    return toDTO(row, emptyProgress());
  });
}

/** Changes a draft (or a scheduled campaign not yet started); a campaign being sent or sent is refused (409). */
export async function updateCampaign(id: number, input: CampaignInput): Promise<CampaignDTO> {
  checkContent(input);
  return prisma.$transaction(async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== "draft" && current.status !== "scheduled") throw new AppError("conflict", "This newsletter has been sent; it can no longer be changed.");
    const before = await auditSnapshot(async () => auditView(current));
    const row = await tx.newsletterCampaign.update({ where: { id }, data: { subject: input.subject, preheader: input.preheader, body: input.body, productIds: input.productIds } });
    await recordAudit({ entityType: "campaign", entityId: id, action: "update", before, after: auditView(row) }, tx);
    return toDTO(row, emptyProgress());
  });
}

async function lockCampaign(tx: Prisma.TransactionClient, id: number): Promise<NewsletterCampaign> {
  const [row] = await tx.$queryRaw<NewsletterCampaign[]>`SELECT * FROM "NewsletterCampaign" WHERE "id" = ${id} FOR UPDATE`;
  if (!row) throw new AppError("not_found", "Campaign not found");
  return row;
}

/** Sends at `at` (the worker starts it then), or clears the schedule with null (back to draft). */
export async function scheduleCampaign(id: number, at: Date | null, now: Date = new Date()): Promise<CampaignDTO> {
  if (at && at.getTime() <= now.getTime()) throw new AppError("bad_request", "Choose a time in the future", { scheduledAt: "Choose a time in the future" });
  return prisma.$transaction(async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== "draft" && current.status !== "scheduled") throw new AppError("conflict", "This newsletter has already been sent.");
    const before = await auditSnapshot(async () => auditView(current));
    const row = await tx.newsletterCampaign.update({ where: { id }, data: { status: at ? "scheduled" : "draft", scheduledAt: at } });
    await recordAudit({ entityType: "campaign", entityId: id, action: at ? "schedule" : "unschedule", before, after: auditView(row) }, tx);
    return toDTO(row, emptyProgress());
  });
}

/**
 * Starts a send: renders the message once and records one queued row per subscriber confirmed
 * now, in one transaction (a campaign starts once: a second start, or a scheduled start racing
 * a "send now", finds it no longer draft/scheduled and changes nothing).
 */
export async function startCampaign(id: number, opts: { now?: Date; onlyIfDue?: boolean } = {}): Promise<{ started: boolean; total: number }> {
  const now = opts.now ?? new Date();
  // Rendered before the transaction (it reads products): the embedded database serves one transaction at a time.
  const draft = await prisma.newsletterCampaign.findUnique({ where: { id } });
  if (!draft) throw new AppError("not_found", "Campaign not found");
  const rendered = await renderInput({ subject: draft.subject, preheader: draft.preheader, body: draft.body, productIds: (draft.productIds as number[]) ?? [] });
  const result = await prisma.$transaction(
    async (tx) => {
      const current = await lockCampaign(tx, id);
      if (current.updatedAt.getTime() !== draft.updatedAt.getTime()) throw new AppError("conflict", "This newsletter changed while it was being started. Try again.");
      if (current.status === "sending" || current.status === "sent") {
        if (opts.onlyIfDue) return { started: false, total: current.total };
        throw new AppError("conflict", "This newsletter is already being sent.");
      }
      if (opts.onlyIfDue && (current.status !== "scheduled" || !current.scheduledAt || current.scheduledAt > now)) return { started: false, total: 0 };
      const total = await tx.$executeRaw`
        INSERT INTO "CampaignRecipient" ("campaignId", "subscriberId", "email")
        SELECT ${id}, s."id", s."email" FROM "NewsletterSubscriber" s WHERE s."status" = 'confirmed' ORDER BY s."id"
        ON CONFLICT ("campaignId", "subscriberId") DO NOTHING`;
      const before = await auditSnapshot(async () => auditView(current));
      const row = await tx.newsletterCampaign.update({ where: { id }, data: { status: "sending", startedAt: now, html: rendered.html, text: rendered.text, total } });
      await recordAudit({ entityType: "campaign", entityId: id, action: "send", before, after: auditView(row) }, tx);
      return { started: true, total };
    },
    { maxWait: 20_000, timeout: 120_000 },
  );
  if (result.started) log.info({ campaignId: id, recipients: result.total }, "newsletter send started");
  return result;
}

/** "Send a test": the message as subscribers will get it, to the signed-in admin only, through the same transport. */
export async function sendTestCampaign(input: CampaignInput, to: string, transport: Transport = defaultTransport()) {
  checkContent(input);
  const rendered = await renderInput(input);
  const token = "test-send-no-subscriber";
  const { html, text } = personalise(rendered, shopUrl("/newsletter/unsubscribe/test-send"));
  const key = `newsletter-test-${randomBytes(12).toString("hex")}`;
  const [outcome] = await transport.sendBatch([{ to, subject: `[Test] ${input.subject}`, html, text, headers: listUnsubscribeHeaders(token) }], key);
  if (!outcome.ok) throw new AppError("bad_request", `The test could not be sent: ${outcome.error}`);
  return { sentTo: to, id: outcome.id };
}

/** The "New pieces" draft: the active products added since the last campaign started (or the newest 6 before any). */
export async function newPiecesDraft(): Promise<CampaignInput & { since: string | null }> {
  const last = await prisma.newsletterCampaign.findFirst({ where: { startedAt: { not: null } }, orderBy: { startedAt: "desc" }, select: { startedAt: true } });
  const products = await prisma.product.findMany({
    where: { active: true, sold: false, ...(last?.startedAt ? { createdAt: { gt: last.startedAt } } : {}) },
    orderBy: { createdAt: "desc" },
    take: last ? MAX_GRID_PRODUCTS : 6,
    select: { id: true, name: true },
  });
  const names = products.map((p) => p.name);
  const body = products.length
    ? `New from the workshop${last ? " since the last letter" : ""}: ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]}.\n\nOne-of-a-kind pieces go to the first person who asks — here they are before anyone else sees them.`
    : "Nothing new in the shop since the last letter — here is what's happening in the workshop.";
  return {
    subject: "New pieces from the workshop",
    preheader: products.length ? `${products.length} new piece${products.length === 1 ? "" : "s"}, first to subscribers` : "",
    body,
    productIds: products.map((p) => p.id),
    since: last?.startedAt?.toISOString() ?? null,
  };
}

// ─── the worker's schedule ────────────────────────────────────────────────────

/** Starts the scheduled campaigns that are due, then works every campaign being sent. */
export async function runNewsletterWork(opts: WorkerOptions = {}) {
  const now = opts.now?.() ?? new Date();
  const due = await prisma.newsletterCampaign.findMany({ where: { status: "scheduled", scheduledAt: { lte: now } }, select: { id: true } });
  for (const c of due) await startCampaign(c.id, { now, onlyIfDue: true });
  const sending = await prisma.newsletterCampaign.findMany({ where: { status: "sending" }, select: { id: true }, orderBy: { id: "asc" } });
  const totals = { campaigns: sending.length, sent: 0, failed: 0 };
  for (const c of sending) {
    const r = await runCampaign(c.id, opts);
    totals.sent += r.sent;
    totals.failed += r.failed;
  }
  return totals;
}

export const WORKER_INTERVAL_MS = 5000;
let running: Promise<unknown> | null = null;
let again = false;

/** Runs the work now in this process (one run at a time; a kick during a run runs it once more after). */
export function kickNewsletterWorker(): void {
  if (running) {
    again = true;
    return;
  }
  running = runNewsletterWork()
    .catch((error) => log.error({ err: error }, "newsletter worker failed"))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        kickNewsletterWorker();
      }
    });
}

/** The worker in the server process: every 5 seconds (instrumentation.ts, on each instance). */
export function startNewsletterWorker(): void {
  kickNewsletterWorker();
  setInterval(kickNewsletterWorker, WORKER_INTERVAL_MS).unref();
}

/** Campaigns scheduled or being sent (a worker process with nothing else to do may stop when there are none). */
export async function campaignsInFlight(): Promise<number> {
  return prisma.newsletterCampaign.count({ where: { status: { in: ["sending", "scheduled"] } } });
}

/** The products the composer offers for the grid (newest active first, searched in the composer); `sold`: a one-of-a-kind piece that is gone. */
export async function productChoices(): Promise<Array<{ id: number; name: string; price: string; sold: boolean }>> {
  const rows = await prisma.product.findMany({
    where: { active: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
    select: { id: true, name: true, price: true, uniqueItem: true, sold: true },
  });
  return rows.map((r) => ({ id: r.id, name: r.name, price: r.price.toFixed(2), sold: r.uniqueItem && r.sold }));
}

/** Confirmed subscribers now: who "Send to all" reaches. */
export async function confirmedSubscriberCount(): Promise<number> {
  return prisma.newsletterSubscriber.count({ where: { status: "confirmed" } });
}
