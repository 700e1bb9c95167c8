import "server-only";
import { prisma, type Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { sendEmail } from "@/lib/email/service";
import { takeRecipientAllowance } from "@/lib/rate-limit/public-limits";
import { newsletterConfirmEmail, newsletterWelcomeEmail } from "@/lib/email/templates";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { confirmUrl, isUnsubscribeTokenShape, newUnsubscribeToken, readConfirmToken } from "@/lib/newsletter/links";
import type { NewsletterSubscriber, SubscriberSource, SubscriberStatus } from "@/lib/generated/prisma/client";

/**
 * The mailing list. Each address has one NewsletterSubscriber row: its status
 * (pending → confirmed → unsubscribed, or suppressed after a hard bounce or a complaint),
 * its source and the record of its consent (when, how, from which client address).
 *
 * - The footer form asks: a pending row and a confirmation email with a signed link
 *   valid 7 days (lib/newsletter/links.ts); the link confirms. Only confirmed rows get newsletters.
 * - Checkout's opt-in box is consent given with a purchase: confirmed at once.
 * - An unsubscribed address that subscribes again (footer, checkout or the unsubscribe page's
 *   re-subscribe button) is pending again and must confirm anew.
 * - A suppressed address is never written to again, confirmation emails included: signing it
 *   up answers as usual and changes nothing.
 *
 * The customer's `newsletterSubscribed` / `newsletterSubscribedAt` follow the row: true, with
 * the consent date, exactly while it is confirmed (setCustomerFlag, in the same transaction).
 */
type Db = Prisma.TransactionClient | typeof prisma;

export const CONSENT_METHODS = {
  footer: "double opt-in: footer form, confirmed by the emailed link",
  resubscribe: "double opt-in: re-subscribed on the unsubscribe page, confirmed by the emailed link",
  checkout: "checkout opt-in: box ticked when placing an order",
  admin: "set by an admin on the customer's record",
} as const;

export type SubscriberDTO = {
  id: number;
  email: string;
  status: SubscriberStatus;
  source: SubscriberSource;
  consentAt: string | null;
  consentMethod: string | null;
  consentIp: string | null;
  requestedAt: string | null;
  unsubscribedAt: string | null;
  unsubscribeMethod: string | null;
  suppressedAt: string | null;
  suppressedReason: string | null;
  createdAt: string;
};

export function toSubscriberDTO(s: NewsletterSubscriber): SubscriberDTO {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: s.id,
    email: s.email,
    status: s.status,
    source: s.source,
    consentAt: iso(s.consentAt),
    consentMethod: s.consentMethod,
    consentIp: s.consentIp,
    requestedAt: iso(s.requestedAt),
    unsubscribedAt: iso(s.unsubscribedAt),
    unsubscribeMethod: s.unsubscribeMethod,
    suppressedAt: iso(s.suppressedAt),
    suppressedReason: s.suppressedReason,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The customer's flag follows the subscriber: on (with the consent date) while confirmed, off otherwise. */
async function setCustomerFlag(db: Db, email: string, confirmedAt: Date | null, createCustomer = false) {
  if (confirmedAt && createCustomer) {
    await db.customer.upsert({
      where: { email },
      create: { email, newsletterSubscribed: true, newsletterSubscribedAt: confirmedAt },
      update: { newsletterSubscribed: true, newsletterSubscribedAt: confirmedAt },
    });
    return;
  }
  await db.customer.updateMany({ where: { email }, data: { newsletterSubscribed: confirmedAt !== null, newsletterSubscribedAt: confirmedAt } });
}

async function sendConfirmation(subscriber: { id: number; email: string; requestedAt: Date | null }) {
  const { url, token } = await confirmUrl({ subscriberId: subscriber.id, requestedAt: subscriber.requestedAt! });
  await sendEmail({ to: subscriber.email, ...newsletterConfirmEmail(url), secrets: [token] });
}

export type SignupResult = { subscribed: boolean; pending: boolean; alreadySubscribed: boolean };

/**
 * The footer form (and the unsubscribe page's re-subscribe): a pending row and a confirmation
 * email. Already confirmed: nothing changes and no email. Suppressed: nothing changes, no email,
 * and the answer does not say so (it would tell anyone which addresses bounced or complained).
 * At most 3 confirmation emails a day reach one address, whoever asks (RECIPIENT_LIMITS).
 */
export async function requestSubscription(email: string, opts: { ip: string | null; source?: SubscriberSource; now?: Date }): Promise<SignupResult> {
  const now = opts.now ?? new Date();
  const existing = await prisma.newsletterSubscriber.findUnique({ where: { email } });
  if (existing?.status === "confirmed") return { subscribed: true, pending: false, alreadySubscribed: true };
  if (existing?.status === "suppressed") return { subscribed: false, pending: true, alreadySubscribed: false };
  // Beyond the per-recipient cap nothing changes (the last link sent still works) and the answer is the same.
  if (!(await takeRecipientAllowance("newsletterConfirmation", email))) return { subscribed: false, pending: true, alreadySubscribed: false };
  const row = existing
    ? await prisma.newsletterSubscriber.update({
        where: { id: existing.id },
        data: { status: "pending", source: opts.source ?? "footer", requestedAt: now, requestIp: opts.ip, consentMethod: null, consentAt: null, consentIp: null },
      })
    : await prisma.newsletterSubscriber.create({
        data: { email, status: "pending", source: opts.source ?? "footer", requestedAt: now, requestIp: opts.ip, unsubscribeToken: newUnsubscribeToken() },
      });
  await sendConfirmation(row);
  return { subscribed: false, pending: true, alreadySubscribed: false };
}

export type ConfirmResult = { status: "confirmed" | "already_confirmed"; email: string };

/**
 * The confirmation link: a pending row whose confirmation was asked for at the moment the link
 * names becomes confirmed, with its consent record. Expired → 410-like 400 naming it; a link
 * from before an unsubscribe or a newer request → refused.
 */
export async function confirmSubscription(token: string, opts: { ip: string | null; now?: Date }): Promise<ConfirmResult> {
  const now = opts.now ?? new Date();
  const read = await readConfirmToken(token, now);
  if (!read.ok) throw new AppError("bad_request", read.reason === "expired" ? "This confirmation link has expired. Subscribe again to get a new one." : "This confirmation link is not valid.");
  const { subscriberId, requestedAt } = read.claims;
  const result = await prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<NewsletterSubscriber[]>`SELECT * FROM "NewsletterSubscriber" WHERE "id" = ${subscriberId} FOR UPDATE`;
    if (!row) throw new AppError("bad_request", "This confirmation link is not valid.");
    if (row.status === "confirmed") return { status: "already_confirmed" as const, email: row.email, welcome: false };
    if (row.status !== "pending" || row.requestedAt?.getTime() !== requestedAt.getTime()) {
      throw new AppError("bad_request", "This confirmation link is no longer valid. Subscribe again to get a new one.");
    }
    const method = row.unsubscribedAt ? CONSENT_METHODS.resubscribe : CONSENT_METHODS.footer;
    await tx.newsletterSubscriber.update({
      where: { id: row.id },
      data: { status: "confirmed", consentAt: now, consentMethod: method, consentIp: opts.ip, unsubscribedAt: null, unsubscribeMethod: null },
    });
    await setCustomerFlag(tx, row.email, now, true);
    return { status: "confirmed" as const, email: row.email, welcome: true };
  });
  if (result.welcome) await sendEmail({ to: result.email, ...newsletterWelcomeEmail() });
  return { status: result.status, email: result.email };
}

/**
 * Checkout's opt-in, inside the order's transaction: consent given with a purchase confirms at
 * once (new, pending). An unsubscribed address becomes pending and needs a new confirmation
 * (returned as `confirm`, sent after the transaction commits); confirmed and suppressed stay.
 * Returns whether the customer is now subscribed.
 */
export async function subscribeAtCheckout(
  tx: Prisma.TransactionClient,
  email: string,
  opts: { orderNumber: string; ip: string | null; now: Date },
): Promise<{ subscribed: boolean; confirm: { id: number; email: string; requestedAt: Date } | null }> {
  const existing = await tx.newsletterSubscriber.findUnique({ where: { email } });
  const consent = { status: "confirmed" as const, consentAt: opts.now, consentMethod: `${CONSENT_METHODS.checkout} (${opts.orderNumber})`, consentIp: opts.ip };
  if (!existing) {
    await tx.newsletterSubscriber.create({ data: { email, source: "checkout", unsubscribeToken: newUnsubscribeToken(), ...consent } });
    await setCustomerFlag(tx, email, opts.now);
    return { subscribed: true, confirm: null };
  }
  if (existing.status === "confirmed") return { subscribed: true, confirm: null };
  if (existing.status === "suppressed") return { subscribed: false, confirm: null };
  if (existing.status === "pending" && !existing.unsubscribedAt) {
    await tx.newsletterSubscriber.update({ where: { id: existing.id }, data: { source: "checkout", ...consent } });
    await setCustomerFlag(tx, email, opts.now);
    return { subscribed: true, confirm: null };
  }
  // Unsubscribed before (or pending again after unsubscribing): a new confirmation.
  const row = await tx.newsletterSubscriber.update({ where: { id: existing.id }, data: { status: "pending", source: "checkout", requestedAt: opts.now, requestIp: opts.ip } });
  return { subscribed: false, confirm: { id: row.id, email: row.email, requestedAt: opts.now } };
}

/** Sends the confirmation subscribeAtCheckout asked for (after its transaction committed). */
export async function sendCheckoutConfirmation(confirm: { id: number; email: string; requestedAt: Date } | null) {
  if (confirm) await sendConfirmation(confirm);
}

async function findByToken(token: string) {
  if (!isUnsubscribeTokenShape(token)) return null;
  return prisma.newsletterSubscriber.findUnique({ where: { unsubscribeToken: token } });
}

export type UnsubscribeResult = { email: string; status: SubscriberStatus; changed: boolean };

/** The one-click POST, the unsubscribe page and the mailto: all end here. Unknown token → 404. */
export async function unsubscribeByToken(token: string, method: string, now: Date = new Date()): Promise<UnsubscribeResult> {
  const row = await findByToken(token);
  if (!row) throw new AppError("not_found", "This unsubscribe link is not valid.");
  return unsubscribeRow(prisma, row, method, now);
}

async function unsubscribeRow(db: Db, row: NewsletterSubscriber, method: string, now: Date): Promise<UnsubscribeResult> {
  if (row.status === "unsubscribed" || row.status === "suppressed") return { email: row.email, status: row.status, changed: false };
  await db.newsletterSubscriber.update({ where: { id: row.id }, data: { status: "unsubscribed", unsubscribedAt: now, unsubscribeMethod: method } });
  await setCustomerFlag(db, row.email, null);
  return { email: row.email, status: "unsubscribed", changed: true };
}

/** What the unsubscribe page shows for a token (null: unknown). */
export async function subscriberForToken(token: string): Promise<{ email: string; status: SubscriberStatus } | null> {
  const row = await findByToken(token);
  return row ? { email: row.email, status: row.status } : null;
}

/** The unsubscribe page's "Re-subscribe": a new confirmation, as the footer form. */
export async function resubscribeByToken(token: string, ip: string | null): Promise<SignupResult> {
  const row = await findByToken(token);
  if (!row) throw new AppError("not_found", "This link is not valid.");
  return requestSubscription(row.email, { ip, source: row.source === "legacy" || row.source === "admin_import" ? "footer" : row.source });
}

/** The Subscribers screen's "Unsubscribe" (audited). */
export async function adminUnsubscribe(id: number, now: Date = new Date()): Promise<SubscriberDTO> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.newsletterSubscriber.findUnique({ where: { id } });
    if (!row) throw new AppError("not_found", "Subscriber not found");
    const before = await auditSnapshot(async () => auditView(row));
    await unsubscribeRow(tx, row, "admin (Subscribers screen)", now);
    const after = await tx.newsletterSubscriber.findUniqueOrThrow({ where: { id } });
    await recordAudit({ entityType: "subscriber", entityId: id, action: "unsubscribe", before, after: auditView(after) }, tx);
    return toSubscriberDTO(after);
  });
}

const auditView = (s: NewsletterSubscriber) => ({ email: s.email, status: s.status, source: s.source, consentMethod: s.consentMethod, unsubscribeMethod: s.unsubscribeMethod });

/**
 * The customer edit dialog's newsletter box, in the edit's transaction: ticking it confirms the
 * address (source admin, the admin's word for the consent), clearing it unsubscribes it.
 * Returns the date the customer's flag should carry.
 */
export async function setSubscriptionFromCustomerEdit(tx: Prisma.TransactionClient, email: string, subscribed: boolean, opts: { adminName: string | null; now: Date }): Promise<Date | null> {
  const existing = await tx.newsletterSubscriber.findUnique({ where: { email } });
  if (!subscribed) {
    if (existing) await unsubscribeRow(tx, existing, `admin (customer record${opts.adminName ? `, ${opts.adminName}` : ""})`, opts.now);
    return null;
  }
  if (existing?.status === "confirmed") return existing.consentAt ?? opts.now;
  // A hard bounce or a complaint is never undone from the customer record: the address is not written to again.
  if (existing?.status === "suppressed") {
    throw new AppError("conflict", `${email} ${existing.suppressedReason === "complaint" ? "marked a newsletter as spam" : "bounced"}: it cannot be subscribed again.`, {
      newsletterSubscribed: "This address cannot be subscribed again",
    });
  }
  const consent = {
    status: "confirmed" as const,
    consentAt: opts.now,
    consentMethod: `${CONSENT_METHODS.admin}${opts.adminName ? ` (${opts.adminName})` : ""}`,
    consentIp: null,
    unsubscribedAt: null,
    unsubscribeMethod: null,
    suppressedAt: null,
    suppressedReason: null,
  };
  if (existing) await tx.newsletterSubscriber.update({ where: { id: existing.id }, data: { source: "admin_import", ...consent } });
  else await tx.newsletterSubscriber.create({ data: { email, source: "admin_import", unsubscribeToken: newUnsubscribeToken(), ...consent } });
  return opts.now;
}

/** A hard bounce or a complaint (Resend webhook): never written to again. */
export async function suppressAddress(email: string, reason: "bounce" | "complaint", now: Date = new Date()): Promise<boolean> {
  const changed = await prisma.$transaction(async (tx) => {
    const row = await tx.newsletterSubscriber.findUnique({ where: { email } });
    if (!row || row.status === "suppressed") return false;
    await tx.newsletterSubscriber.update({ where: { id: row.id }, data: { status: "suppressed", suppressedAt: now, suppressedReason: reason } });
    await setCustomerFlag(tx, email, null);
    return true;
  });
  return changed;
}
