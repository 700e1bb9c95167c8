import "server-only";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { suppressAddress } from "@/lib/newsletter/subscriber-service";

/**
 * Resend's webhooks (POST /api/webhooks/resend), signed the Svix way: `svix-id`,
 * `svix-timestamp` (within 5 minutes) and `svix-signature` (HMAC-SHA256 of
 * "id.timestamp.body" with the endpoint's whsec_ secret), checked with the `standardwebhooks`
 * library (the Standard Webhooks scheme Svix signs with; svix-* headers are its webhook-* headers) before anything is read. A forged, altered or stale one is refused (400).
 * - email.bounced (a permanent bounce; a "Transient" one is ignored) and email.complained
 *   suppress the address (never written to again) and mark the campaign's row, which the
 *   Newsletter screen counts into each campaign's bounce and complaint rate.
 * Each event is handled once: its svix-id is recorded in WebhookEvent (redeliveries are answered 200, ignored).
 */
type ResendEvent = { type: string; created_at?: string; data?: { email_id?: string; to?: string[] | string; bounce?: { type?: string; subType?: string; message?: string } } };

export function verifyResendWebhook(secret: string, body: string, headers: Headers): ResendEvent {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signature = headers.get("svix-signature");
  if (!id || !timestamp || !signature) throw new AppError("bad_request", "Missing webhook signature headers");
  try {
    return new Webhook(secret).verify(body, { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature }) as ResendEvent;
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new AppError("bad_request", "Invalid webhook signature");
    throw error;
  }
}

export async function handleResendEvent(eventId: string, event: ResendEvent, now: Date = new Date()): Promise<{ handled: boolean; duplicate?: boolean }> {
  // Recorded first, marked processed last: a delivery that failed half-way is worked again when Resend retries it
  // (each step is idempotent), and only one that finished is a duplicate.
  const inserted = await prisma.webhookEvent.createMany({ data: [{ id: `resend:${eventId}`, provider: "resend", type: event.type }], skipDuplicates: true });
  if (inserted.count === 0) {
    const seen = await prisma.webhookEvent.findUnique({ where: { id: `resend:${eventId}` }, select: { processedAt: true } });
    if (seen?.processedAt) return { handled: false, duplicate: true };
  }
  const data = event.data ?? {};
  const recipients = (Array.isArray(data.to) ? data.to : data.to ? [data.to] : []).map((t) => t.trim().toLowerCase());
  let handled = false;
  if (event.type === "email.bounced" && data.bounce?.type !== "Transient") {
    for (const to of recipients) await suppressAddress(to, "bounce", now);
    if (data.email_id) await prisma.campaignRecipient.updateMany({ where: { providerId: data.email_id }, data: { bouncedAt: now } });
    handled = true;
  } else if (event.type === "email.complained") {
    for (const to of recipients) await suppressAddress(to, "complaint", now);
    if (data.email_id) await prisma.campaignRecipient.updateMany({ where: { providerId: data.email_id }, data: { complainedAt: now } });
    handled = true;
  }
  await prisma.webhookEvent.update({ where: { id: `resend:${eventId}` }, data: { processedAt: now } });
  if (handled) log.info({ type: event.type, recipients: recipients.length }, "resend webhook: address suppressed");
  return { handled };
}
