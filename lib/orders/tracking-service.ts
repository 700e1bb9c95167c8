import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { changeOrderStatus } from "@/lib/orders/service";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { CarrierSignatureError, getLabelCarrier } from "@/lib/shipping/carrier";

/**
 * The carrier's tracking webhooks (POST /api/webhooks/easypost): EasyPost's Events, signed with the
 * webhook's secret (EASYPOST_WEBHOOK_SECRET) in X-Hmac-Signature and checked with the SDK before anything
 * is read. A signed event is still refused when it is stale (its time outside the window: a captured
 * delivery sent again later) or was handled already (its id, recorded in WebhookEvent): a replay changes
 * nothing and is answered 409. A tracker.updated for a label the shop bought moves the order to delivered
 * on "delivered" (which sends the thank-you, and the review request REVIEW_REQUEST_DAYS later), puts
 * delivery problems (returned to sender, failed delivery, a carrier error) on the order's timeline and the
 * dashboard's "needs doing", and any other move on the timeline. A refund.successful (an event carrying a
 * Refund) settles a voided label's refund: confirmed or refused by the carrier, on the label and the timeline.
 */

/** How old (or how far ahead, for clocks apart) a signed event may be. EasyPost retries a failed delivery within this. */
export const WEBHOOK_WINDOW_MS = 30 * 60_000;
const FUTURE_SKEW_MS = 5 * 60_000;
/** Tracking statuses that need the maker: shown on the timeline and the dashboard until the order is delivered or cancelled. */
export const TRACKING_EXCEPTIONS = ["return_to_sender", "failure", "error"] as const;

export const WEBHOOK_MESSAGES = {
  signature: "Invalid webhook signature",
  malformed: "Malformed webhook event",
  stale: "Webhook event outside the accepted time window",
  replay: "Webhook event already received",
} as const;

const timestamp = z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not a time");
const eventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9]{1,64}$/),
  object: z.literal("Event"),
  description: z.string().min(1).max(100),
  created_at: timestamp,
  updated_at: timestamp.nullish(),
  result: z.record(z.string(), z.unknown()).nullish(),
});
const trackerSchema = z.object({
  id: z.string().min(1).max(100),
  object: z.literal("Tracker"),
  tracking_code: z.string().min(1).max(100),
  status: z.string().min(1).max(50),
  status_detail: z.string().max(100).nullish(),
  shipment_id: z.string().max(100).nullish(),
  public_url: z.string().max(500).nullish(),
  tracking_details: z.array(z.object({ message: z.string().max(500).nullish(), status: z.string().max(50).nullish() }).passthrough()).nullish(),
});
/** EasyPost's Refund object: the carrier's answer to a voided label's refund, some days after the void. */
const refundSchema = z.object({
  id: z.string().min(1).max(100),
  object: z.literal("Refund"),
  shipment_id: z.string().min(1).max(100),
  tracking_code: z.string().max(100).nullish(),
  status: z.enum(["submitted", "refunded", "rejected", "not_applicable"]),
});
export type CarrierEvent = z.infer<typeof eventSchema>;

/** The event of a signed, well-formed, in-date webhook; else a 400 (forged, altered, malformed or stale) and nothing read further. */
export function verifyCarrierWebhook(body: Buffer, headers: Headers, now: Date = new Date()): CarrierEvent {
  const secret = env.EASYPOST_WEBHOOK_SECRET;
  const carrier = getLabelCarrier();
  if (!secret || !carrier) throw new AppError("not_found", "Not found");
  let raw: unknown;
  try {
    raw = carrier.verifyWebhook(body, Object.fromEntries(headers.entries()), secret);
  } catch (error) {
    if (error instanceof CarrierSignatureError) throw new AppError("bad_request", WEBHOOK_MESSAGES.signature);
    throw new AppError("bad_request", WEBHOOK_MESSAGES.malformed);
  }
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("bad_request", WEBHOOK_MESSAGES.malformed);
  // The newest of its times: a retry by EasyPost carries the event's later update.
  const at = Math.max(Date.parse(parsed.data.created_at), parsed.data.updated_at ? Date.parse(parsed.data.updated_at) : 0);
  if (at < now.getTime() - WEBHOOK_WINDOW_MS || at > now.getTime() + FUTURE_SKEW_MS) throw new AppError("bad_request", WEBHOOK_MESSAGES.stale);
  return parsed.data;
}

export type CarrierEventOutcome = { received: true; handled: boolean; status?: string };

/**
 * Handles a verified event once: its id is recorded first (a second delivery of an event handled already is
 * refused, 409), marked processed last (an event that failed half-way is worked again on EasyPost's retry: each
 * step is idempotent, the timeline's lines keyed by the event).
 */
export async function handleCarrierEvent(event: CarrierEvent): Promise<CarrierEventOutcome> {
  const key = `easypost:${event.id}`;
  const isTracker = event.description === "tracker.updated" || event.description === "tracker.created";
  const tracker = isTracker ? trackerSchema.safeParse(event.result) : null;
  if (tracker && !tracker.success) throw new AppError("bad_request", WEBHOOK_MESSAGES.malformed);
  const isRefund = event.description.startsWith("refund.") || event.result?.object === "Refund";
  const refund = isRefund ? refundSchema.safeParse(event.result) : null;
  if (refund && !refund.success) throw new AppError("bad_request", WEBHOOK_MESSAGES.malformed);
  const inserted = await prisma.webhookEvent.createMany({ data: [{ id: key, provider: "easypost", type: event.description }], skipDuplicates: true });
  if (inserted.count === 0) {
    const seen = await prisma.webhookEvent.findUnique({ where: { id: key }, select: { processedAt: true } });
    if (seen?.processedAt) throw new AppError("conflict", WEBHOOK_MESSAGES.replay);
  }
  let outcome: CarrierEventOutcome = { received: true, handled: false };
  if (tracker?.success) outcome = await trackerUpdated(event.id, tracker.data);
  if (refund?.success) outcome = await labelRefundUpdated(event.id, refund.data);
  await prisma.webhookEvent.update({ where: { id: key }, data: { processedAt: new Date() } });
  return outcome;
}

async function trackerUpdated(eventId: string, tracker: z.infer<typeof trackerSchema>): Promise<CarrierEventOutcome> {
  const label = await prisma.shippingLabel.findFirst({
    where: { status: "purchased", OR: [{ trackerId: tracker.id }, { trackingNumber: tracker.tracking_code, ...(tracker.shipment_id ? { shipmentId: tracker.shipment_id } : {}) }] },
    select: { id: true, orderId: true, trackingStatus: true, order: { select: { status: true } } },
  });
  // A tracker for a label this shop did not buy (or has voided): acknowledged, nothing changed.
  if (!label) return { received: true, handled: false };
  const latest = tracker.tracking_details?.at(-1)?.message ?? null;
  const status = tracker.status;
  const detail = { source: "carrier", status, statusDetail: tracker.status_detail ?? null, message: latest, trackingNumber: tracker.tracking_code, eventId };
  const exception = (TRACKING_EXCEPTIONS as readonly string[]).includes(status);
  await prisma.$transaction(async (tx) => {
    await tx.shippingLabel.update({ where: { id: label.id }, data: { trackingStatus: status, trackingDetail: latest?.slice(0, 500) ?? null, trackingAt: new Date() } });
    if (status !== label.trackingStatus || exception) {
      await appendOrderEvent(tx, label.orderId, exception ? "tracking_exception" : "tracking_updated", detail, { actor: "webhook", onceKey: `tracking:${eventId}` });
    }
  });
  if (status === "delivered" && (label.order.status === "shipped" || label.order.status === "processing" || label.order.status === "confirmed")) {
    try {
      await changeOrderStatus(label.orderId, { status: "delivered" });
    } catch (error) {
      // A payment not settled keeps the order where it is; the carrier's word is on the timeline.
      if (!(error instanceof AppError)) throw error;
      log.warn({ orderId: label.orderId, err: error }, "carrier says delivered, but the order cannot move to delivered");
    }
  }
  if (exception) log.warn({ orderId: label.orderId, status }, "carrier reports a delivery problem");
  return { received: true, handled: true, status };
}

/**
 * The carrier's word on a voided label's refund (EasyPost's refund.successful, or any event carrying a Refund):
 * the label's refund status follows it, and a refund confirmed or refused goes on the order's timeline once.
 * A refund for a label this shop did not void is acknowledged and changes nothing.
 */
async function labelRefundUpdated(eventId: string, refund: z.infer<typeof refundSchema>): Promise<CarrierEventOutcome> {
  const label = await prisma.shippingLabel.findFirst({
    where: { status: "voided", shipmentId: refund.shipment_id },
    select: { id: true, orderId: true, carrier: true, trackingNumber: true, cost: true, refundStatus: true },
  });
  if (!label) return { received: true, handled: false };
  const settled = refund.status === "refunded" || refund.status === "rejected";
  await prisma.$transaction(async (tx) => {
    await tx.shippingLabel.update({ where: { id: label.id }, data: { refundStatus: refund.status } });
    if (settled && refund.status !== label.refundStatus) {
      const detail = { source: "carrier", labelId: label.id, carrier: label.carrier, trackingNumber: label.trackingNumber, cost: label.cost.toFixed(2), refundStatus: refund.status, eventId };
      await appendOrderEvent(tx, label.orderId, "label_refund", detail, { actor: "webhook", onceKey: `label-refund:${label.id}:${refund.status}` });
    }
  });
  if (refund.status === "rejected") log.warn({ orderId: label.orderId, labelId: label.id }, "carrier refused a voided label's refund");
  return { received: true, handled: true, status: refund.status };
}

export type TrackingProblem = { orderId: number; orderNumber: string; email: string; status: string; message: string | null; at: string };

/** Labels whose carrier reports a delivery problem, for orders not delivered or cancelled since: the dashboard's "needs doing". */
export async function listTrackingProblems(limit = 10): Promise<TrackingProblem[]> {
  const rows = await prisma.shippingLabel.findMany({
    where: { status: "purchased", trackingStatus: { in: [...TRACKING_EXCEPTIONS] }, order: { status: { notIn: ["delivered", "cancelled"] }, archivedAt: null } },
    orderBy: [{ trackingAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { orderId: true, trackingStatus: true, trackingDetail: true, trackingAt: true, order: { select: { orderNumber: true, email: true } } },
  });
  return rows.map((r) => ({
    orderId: r.orderId,
    orderNumber: r.order.orderNumber,
    email: r.order.email,
    status: r.trackingStatus ?? "",
    message: r.trackingDetail,
    at: (r.trackingAt ?? new Date(0)).toISOString(),
  }));
}
