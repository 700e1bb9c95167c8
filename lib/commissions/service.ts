import "server-only";
import { randomBytes } from "node:crypto";
import { actingAdmin } from "@/lib/audit/context";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { ownerEmail, sendEmail } from "@/lib/email/service";
import { takeRecipientAllowance } from "@/lib/rate-limit/public-limits";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { decimalToCents } from "@/lib/money";
import { shopOrigin } from "@/lib/net/origin";
import { storeUploadedImages } from "@/lib/storage";
import type { BalanceQuoteInput, MoveCommission, QuoteInput } from "@/lib/commissions/admin-schemas";
import { QUOTE_MAX_DAYS } from "@/lib/commissions/admin-schemas";
import {
  balancePaidEmail,
  balancePaidNoticeEmail,
  balanceQuoteEmail,
  commissionDeclinedEmail,
  commissionNoticeEmail,
  commissionReceivedEmail,
  makerMessageEmail,
  quoteEmail,
  shopperReplyNoticeEmail,
} from "@/lib/commissions/emails";
import { linkSecrets, quoteUrl, readQuoteToken, readThreadToken, threadUrl } from "@/lib/commissions/links";
import { canMove, isOpenCommission, QUOTE_PAYMENT_GRACE_MS, quoteAmounts, type CommissionStatus } from "@/lib/commissions/rules";
import { MAX_COMMISSION_PHOTOS, TOO_MANY_COMMISSION_PHOTOS, type CommissionPhoto, type CommissionReply, type CommissionRequest } from "@/lib/commissions/schemas";

/**
 * Commissions: a shopper asks for a piece, the maker answers in a
 * recorded thread (each message also emailed), quotes a price with a signed
 * link that expires on the day the maker sets, and moves the request along
 * (lib/commissions/rules.ts). Every maker's write is in the audit log.
 */
export const COMMISSION_THANKS = "Thank you! Your request is on its way to the workshop. Check your inbox for a confirmation.";
export const COMMISSION_NOT_FOUND = "Commission not found.";
export const LINK_MESSAGES = {
  invalid: "This link is not valid. Please use the link from your email.",
  expired: "This quote has expired. Reply to the maker if you would still like the piece: they can send a new one.",
  withdrawn: "This quote was replaced by a newer one. Please use the link from the latest email.",
  declined: "This commission was declined, so its quote can no longer be paid.",
  paid: "This quote has been paid. Thank you!",
  balancePaid: "This balance has been paid. Thank you!",
  orderCancelled: "This order was cancelled, so its balance can no longer be paid.",
} as const;

const adminLink = (id: number) => `${shopOrigin()}/admin/commissions/${id}`;
const newReference = () => `COM-${randomBytes(4).toString("hex").toUpperCase()}`;

/** Midnight UTC of a "YYYY-MM-DD" day, or null when it is not a real day. */
function dayStart(text: string): Date | null {
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}
const today = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);

/** POST /api/commissions: stores the request (photos checked and stored only once the fields are good), emails the shopper and the maker. */
export async function submitCommission(input: CommissionRequest, photoFiles: File[] = [], now: Date = new Date()) {
  if (photoFiles.length > MAX_COMMISSION_PHOTOS) throw new AppError("bad_request", TOO_MANY_COMMISSION_PHOTOS, { photos: TOO_MANY_COMMISSION_PHOTOS });
  const wantedBy = input.wantedBy ? dayStart(input.wantedBy) : null;
  if (input.wantedBy && (!wantedBy || wantedBy < today(now))) throw new AppError("bad_request", "Choose a date from today on", { wantedBy: "Choose a date from today on" });
  const product = input.productId ? await prisma.product.findFirst({ where: { id: input.productId, active: true }, select: { id: true, name: true } }) : null;
  if (input.productId && !product) throw new AppError("bad_request", "Unknown product", { productId: "Unknown product" });
  const photos: CommissionPhoto[] = photoFiles.length ? (await storeUploadedImages(photoFiles)).map((p) => ({ url: p.url, width: p.width, height: p.height })) : [];
  const commission = await prisma.commission.create({
    data: {
      reference: newReference(),
      name: input.name,
      email: input.email,
      description: input.description,
      material: input.material ?? null,
      size: input.size ?? null,
      budget: input.budget,
      wantedBy,
      photos,
      productId: product?.id ?? null,
    },
  });
  const request = { ...commission, productName: product?.name ?? null };
  // Beyond the per-recipient cap the request is kept for the maker, only the acknowledgement is not sent.
  const acknowledge = await takeRecipientAllowance("commissionAcknowledgement", commission.email);
  await notify("commission received", [
    ...(acknowledge ? [await withLink(await threadUrl(commission.reference, now), (link) => ({ to: commission.email, ...commissionReceivedEmail(request, link) }))] : []),
    { to: ownerEmail(), replyTo: commission.email, ...commissionNoticeEmail(request, adminLink(commission.id), photos.length) },
  ]);
  return { id: commission.id, reference: commission.reference };
}

/** Emails that follow a recorded write: a failed send is logged, never undoes the write. */
/** An email carrying a signed link: the recipient gets the link, the outbox record keeps it redacted (as a password-reset link). */
async function withLink(url: string, email: (url: string) => Parameters<typeof sendEmail>[0]): Promise<Parameters<typeof sendEmail>[0]> {
  return { ...email(url), secrets: linkSecrets(url) };
}

async function notify(what: string, emails: Array<Parameters<typeof sendEmail>[0]>) {
  for (const email of emails) await sendEmail(email).catch((error) => log.error({ err: error, what }, "commission email failed"));
}

const snapshot = (tx: Prisma.TransactionClient, id: number) => auditSnapshot(() => tx.commission.findUnique({ where: { id }, select: { status: true, declineReason: true } }));

async function loadForUpdate(tx: Prisma.TransactionClient, id: number) {
  const [row] = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Commission" WHERE "id" = ${id} FOR UPDATE`;
  if (!row) throw new AppError("not_found", COMMISSION_NOT_FOUND);
  return tx.commission.findUniqueOrThrow({ where: { id } });
}

/** The maker moves a commission along the allowed way; declining sends the shopper the maker's message. */
export async function moveCommission({ id, status, message }: MoveCommission) {
  const { commission, from } = await prisma.$transaction(async (tx) => {
    const current = await loadForUpdate(tx, id);
    const from = current.status as CommissionStatus;
    if (from === status) return { commission: current, from };
    if (!canMove(from, status)) throw new AppError("conflict", `A ${from.replace("_", " ")} commission cannot be moved to ${status.replace("_", " ")}.`);
    const before = await snapshot(tx, id);
    const updated = await tx.commission.update({ where: { id }, data: { status, ...(status === "declined" ? { declineReason: message } : {}) } });
    if (status === "declined") await tx.commissionQuote.updateMany({ where: { commissionId: id, status: "open" }, data: { status: "withdrawn" } });
    if (message) await tx.commissionMessage.create({ data: { commissionId: id, author: "maker", body: message, ...makerName() } });
    await recordAudit({ entityType: "commission", entityId: id, action: status === "declined" ? "decline" : "status", before, after: await snapshot(tx, id) }, tx);
    return { commission: updated, from };
  });
  if (from !== status && status === "declined") await notify("commission declined", [{ to: commission.email, replyTo: ownerEmail(), ...commissionDeclinedEmail(commission, message!) }]);
  else if (from !== status && message)
    await notify("maker message", [
      await withLink(await threadUrl(commission.reference), (link) => ({ to: commission.email, replyTo: ownerEmail(), ...makerMessageEmail(commission, message, link) })),
    ]);
  return commission;
}

function makerName() {
  const admin = actingAdmin();
  return admin ? { adminUserId: admin.id, adminName: admin.username } : {};
}

/** A maker's message in the thread, recorded and emailed to the shopper with a link to reply. */
export async function sendMakerMessage(id: number, body: string) {
  const commission = await prisma.$transaction(async (tx) => {
    const current = await loadForUpdate(tx, id);
    if (!isOpenCommission(current.status as CommissionStatus)) throw new AppError("conflict", "This commission is finished: it takes no more messages.");
    const message = await tx.commissionMessage.create({ data: { commissionId: id, author: "maker", body, ...makerName() } });
    await recordAudit({ entityType: "commission", entityId: id, action: "message", before: null, after: { messageId: message.id, body } }, tx);
    return current;
  });
  await notify("maker message", [await withLink(await threadUrl(commission.reference), (link) => ({ to: commission.email, replyTo: ownerEmail(), ...makerMessageEmail(commission, body, link) }))]);
}

/** The end (23:59:59 UTC) of the day a quote or balance link expires: from today, at most QUOTE_MAX_DAYS ahead. */
function quoteExpiry(expiresOn: string, now: Date): Date {
  const day = dayStart(expiresOn);
  if (!day || day < today(now)) throw new AppError("bad_request", "Choose an expiry day from today on", { expiresOn: "Choose an expiry day from today on" });
  if (day.getTime() > today(now).getTime() + QUOTE_MAX_DAYS * 86_400_000)
    throw new AppError("bad_request", `A quote can be valid for at most ${QUOTE_MAX_DAYS} days`, { expiresOn: `A quote can be valid for at most ${QUOTE_MAX_DAYS} days` });
  return new Date(day.getTime() + 86_400_000 - 1000);
}

/**
 * The maker's quote: replaces any open one (its link stops working), moves the commission to quoted,
 * and emails the shopper the signed link, valid to the end of the chosen day (UTC).
 */
export async function createQuote(input: QuoteInput, now: Date = new Date()) {
  const expiresAt = quoteExpiry(input.expiresOn, now);
  const { commission, quote } = await prisma.$transaction(async (tx) => {
    const current = await loadForUpdate(tx, input.id);
    if (current.status !== "new" && current.status !== "quoted") throw new AppError("conflict", `A ${current.status.replace("_", " ")} commission cannot be quoted again.`);
    const before = await snapshot(tx, input.id);
    await tx.commissionQuote.updateMany({ where: { commissionId: input.id, status: "open" }, data: { status: "withdrawn" } });
    const quote = await tx.commissionQuote.create({
      data: {
        commissionId: input.id,
        price: input.price,
        shipping: input.shipping,
        depositPercent: input.depositPercent ?? null,
        leadTimeMinDays: input.leadTimeMinDays,
        leadTimeMaxDays: input.leadTimeMaxDays,
        notes: input.notes ?? null,
        expiresAt,
        ...makerName(),
      },
    });
    await tx.commission.update({ where: { id: input.id }, data: { status: "quoted" } });
    const { id: _id, ...quoteInput } = input;
    await recordAudit({ entityType: "commission", entityId: input.id, action: "quote", before, after: { ...(await snapshot(tx, input.id)), quoteId: quote.id, ...quoteInput } }, tx);
    return { commission: current, quote };
  });
  const url = await quoteUrl(quote.id, expiresAt);
  await notify("quote", [{ to: commission.email, replyTo: ownerEmail(), ...quoteEmail(commission, quoteView(quote), url), secrets: linkSecrets(url) }]);
  return { quoteId: quote.id, url };
}

type QuoteRow = Prisma.CommissionQuoteGetPayload<object>;

/** A quote as the shopper's page and emails show it: cents, and what is due now. */
export function quoteView(q: QuoteRow) {
  const priceCents = decimalToCents(q.price);
  const shippingCents = decimalToCents(q.shipping);
  return {
    id: q.id,
    priceCents,
    shippingCents,
    depositPercent: q.depositPercent,
    leadTimeMinDays: q.leadTimeMinDays,
    leadTimeMaxDays: q.leadTimeMaxDays,
    notes: q.notes,
    expiresAt: q.expiresAt,
    /** A balance link: the deposit order whose rest it asks for. */
    balanceOrderId: q.balanceOrderId,
    ...quoteAmounts({ priceCents, shippingCents, depositPercent: q.depositPercent }),
  };
}
export type QuoteView = ReturnType<typeof quoteView>;

/** The order a balance link pays the rest of: its number and the contact and address it ships to. */
/** What a balance link may show and pay with: the order's number and total, and the payer's name and email for the card — never its street address or phone. */
export type BalanceOrder = { id: number; orderNumber: string; email: string; firstName: string; lastName: string; total: string };

export type OpenedQuote =
  | { ok: true; quote: QuoteView; commission: { id: number; reference: string; name: string; email: string; description: string; status: string }; balanceOf: BalanceOrder | null }
  /** `orderNumber`: a paid quote's order, for the page and the API to point at. */
  | { ok: false; code: "bad_request" | "not_found" | "gone" | "conflict"; message: string; orderNumber?: string };

/** What a quote link opens: the quote and its commission, or why it cannot be paid. */
export async function openQuote(token: string, now: Date = new Date()): Promise<OpenedQuote> {
  const read = await readQuoteToken(token, now);
  if (!read.ok) return read.reason === "expired" ? { ok: false, code: "gone", message: LINK_MESSAGES.expired } : { ok: false, code: "bad_request", message: LINK_MESSAGES.invalid };
  const quote = await prisma.commissionQuote.findUnique({
    where: { id: read.value },
    include: {
      commission: { select: { id: true, reference: true, name: true, email: true, description: true, status: true } },
      order: { select: { orderNumber: true } },
      balanceOrder: { select: { id: true, orderNumber: true, email: true, firstName: true, lastName: true, total: true, status: true } },
    },
  });
  if (!quote) return { ok: false, code: "not_found", message: LINK_MESSAGES.invalid };
  const { balanceOrder } = quote;
  if (quote.status === "paid")
    return balanceOrder
      ? { ok: false, code: "conflict", message: LINK_MESSAGES.balancePaid, orderNumber: balanceOrder.orderNumber }
      : { ok: false, code: "conflict", message: LINK_MESSAGES.paid, ...(quote.order ? { orderNumber: quote.order.orderNumber } : {}) };
  if (quote.commission.status === "declined") return { ok: false, code: "gone", message: LINK_MESSAGES.declined };
  if (quote.status === "withdrawn") return { ok: false, code: "gone", message: LINK_MESSAGES.withdrawn };
  if (quote.expiresAt < now) return { ok: false, code: "gone", message: LINK_MESSAGES.expired };
  if (balanceOrder?.status === "cancelled") return { ok: false, code: "gone", message: LINK_MESSAGES.orderCancelled };
  const balanceOf = balanceOrder
    ? {
        id: balanceOrder.id,
        orderNumber: balanceOrder.orderNumber,
        email: balanceOrder.email,
        firstName: balanceOrder.firstName,
        lastName: balanceOrder.lastName,
        total: balanceOrder.total.toFixed(2),
      }
    : null;
  return { ok: true, quote: quoteView(quote), commission: quote.commission, balanceOf };
}

/** Server-side only, for the balance's checkout record: the phone and address the deposit order was placed with (never shown by the link). */
export async function balanceOrderDelivery(orderId: number): Promise<{ phone: string | null; shippingAddress: Prisma.InputJsonValue }> {
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { phone: true, shippingAddress: true } });
  return { phone: order.phone, shippingAddress: order.shippingAddress as Prisma.InputJsonValue };
}

/**
 * Paying a quote, in the order's transaction (lib/checkout/service.ts claimQuote): the quote goes
 * from open to paid naming the order — one conditional update, so of two payments of one quote
 * only one can claim it — and the commission from quoted to accepted. Returns why it cannot be
 * claimed (the sentence the shopper sees), or null once claimed.
 */
export async function claimQuoteForOrder(tx: Prisma.TransactionClient, quoteId: number, orderId: number, opts: { galleryConsent: boolean; now?: Date }): Promise<string | null> {
  const now = opts.now ?? new Date();
  // The commission's row first, as the maker's quote, decline and moves take it (loadForUpdate): never a deadlock between them.
  await tx.$queryRaw`SELECT c."id" FROM "Commission" c JOIN "CommissionQuote" q ON q."commissionId" = c."id" WHERE q."id" = ${quoteId} FOR UPDATE OF c`;
  const claimed = await tx.commissionQuote.updateMany({
    where: { id: quoteId, status: "open", expiresAt: { gt: new Date(now.getTime() - QUOTE_PAYMENT_GRACE_MS) }, commission: { status: { in: ["quoted", "accepted"] } } },
    data: { status: "paid", paidAt: now, orderId },
  });
  if (claimed.count === 1) {
    const quote = await tx.commissionQuote.findUniqueOrThrow({ where: { id: quoteId }, select: { commissionId: true } });
    // The consent goes with this sale: given or not on this payment (cancelling the order takes it back).
    await tx.commission.update({ where: { id: quote.commissionId }, data: { status: "accepted", galleryConsent: opts.galleryConsent } });
    return null;
  }
  const quote = await tx.commissionQuote.findUnique({
    where: { id: quoteId },
    select: { status: true, expiresAt: true, order: { select: { orderNumber: true } }, commission: { select: { status: true } } },
  });
  if (quote?.status === "paid") return `This quote has already been paid${quote.order ? ` (order ${quote.order.orderNumber})` : ""}.`;
  if (quote?.commission.status === "declined") return LINK_MESSAGES.declined;
  if (quote?.status === "withdrawn") return LINK_MESSAGES.withdrawn;
  if (quote && quote.expiresAt.getTime() + QUOTE_PAYMENT_GRACE_MS <= now.getTime()) return LINK_MESSAGES.expired;
  return "This quote can no longer be paid. Please reply to the maker.";
}

/**
 * The balance link: for a commission whose order was paid with a deposit and still has a
 * balance due, the maker sends a quote naming that order, priced at the balance (never typed), with
 * the lead time of the paid quote; it replaces an open balance link of the order. Emailed like a quote.
 */
export async function sendBalanceQuote(input: BalanceQuoteInput, now: Date = new Date()) {
  const expiresAt = quoteExpiry(input.expiresOn, now);
  const { commission, quote, order } = await prisma.$transaction(async (tx) => {
    // The order's row first, then the commission's, as paying a balance and cancelling an order take them: never a deadlock.
    const paidOrder = await tx.commissionQuote.findFirst({ where: { commissionId: input.id, status: "paid", orderId: { not: null } }, orderBy: { id: "desc" }, select: { orderId: true } });
    if (paidOrder?.orderId) await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${paidOrder.orderId} FOR UPDATE`;
    const current = await loadForUpdate(tx, input.id);
    const paid = await tx.commissionQuote.findFirst({
      where: { commissionId: input.id, status: "paid", orderId: { not: null } },
      orderBy: { id: "desc" },
      include: { order: { select: { id: true, orderNumber: true, status: true, balanceDue: true, archivedAt: true } } },
    });
    const order = paid?.order;
    if (!order || order.balanceDue.isZero()) throw new AppError("conflict", "This commission has no balance due: its order was paid in full.");
    if (order.status === "cancelled") throw new AppError("conflict", `Order ${order.orderNumber} was cancelled: there is no balance to ask for.`);
    if (order.archivedAt) throw new AppError("conflict", `Order ${order.orderNumber} is archived: there is no balance to ask for.`);
    if (current.status === "declined" || current.status === "new" || current.status === "quoted") throw new AppError("conflict", `A ${current.status} commission has no order to ask the balance of.`);
    // A refund on its way could still return everything; a partial one settled leaves the balance to ask for.
    if (await tx.refund.count({ where: { orderId: order.id, status: "pending" } })) throw new AppError("conflict", BALANCE_AFTER_REFUND);
    await tx.commissionQuote.updateMany({ where: { balanceOrderId: order.id, status: "open" }, data: { status: "withdrawn" } });
    const quote = await tx.commissionQuote.create({
      data: {
        commissionId: input.id,
        balanceOrderId: order.id,
        price: order.balanceDue,
        shipping: 0,
        leadTimeMinDays: paid.leadTimeMinDays,
        leadTimeMaxDays: paid.leadTimeMaxDays,
        expiresAt,
        ...makerName(),
      },
    });
    await recordAudit(
      {
        entityType: "commission",
        entityId: input.id,
        action: "balance_quote",
        before: null,
        after: { quoteId: quote.id, orderNumber: order.orderNumber, balance: order.balanceDue.toFixed(2), expiresOn: input.expiresOn },
      },
      tx,
    );
    return { commission: current, quote, order };
  });
  const url = await quoteUrl(quote.id, expiresAt);
  await notify("balance quote", [
    {
      to: commission.email,
      replyTo: ownerEmail(),
      ...balanceQuoteEmail(commission, { orderNumber: order.orderNumber, balanceCents: decimalToCents(order.balanceDue), expiresAt }, url),
      secrets: linkSecrets(url),
    },
  ]);
  return { quoteId: quote.id, url };
}

export const BALANCE_AFTER_REFUND = "A refund of this order is on its way to the payment provider: ask for the balance once it is done.";

/**
 * Paying a balance link, in the payment's transaction (lib/checkout/service.ts recordBalance), after
 * the order's row is locked: the quote goes from open to paid once (a conditional update) while the
 * order still owes exactly that amount and is not cancelled. Returns the refusal, or null once claimed.
 */
export async function claimBalanceQuote(
  tx: Prisma.TransactionClient,
  quoteId: number,
  order: { id: number; status: string; balanceDue: Prisma.Decimal; orderNumber: string },
  amountCents: number,
  now: Date = new Date(),
): Promise<string | null> {
  await tx.$queryRaw`SELECT c."id" FROM "Commission" c JOIN "CommissionQuote" q ON q."commissionId" = c."id" WHERE q."id" = ${quoteId} FOR UPDATE OF c`;
  if (order.status === "cancelled") return LINK_MESSAGES.orderCancelled;
  // A refund in flight may return everything (the order is then cancelled); a partial refund leaves the balance due.
  if (await tx.refund.count({ where: { orderId: order.id, status: "pending" } }))
    return "A refund of this order is being made, so its balance cannot be paid right now. Please try again in a few minutes.";
  if (decimalToCents(order.balanceDue) !== amountCents) return `The balance of order ${order.orderNumber} is no longer what this link asks for. Please use the link from the latest email.`;
  const claimed = await tx.commissionQuote.updateMany({
    where: { id: quoteId, balanceOrderId: order.id, status: "open", expiresAt: { gt: new Date(now.getTime() - QUOTE_PAYMENT_GRACE_MS) }, commission: { status: { not: "declined" } } },
    data: { status: "paid", paidAt: now },
  });
  if (claimed.count === 1) return null;
  const quote = await tx.commissionQuote.findUnique({ where: { id: quoteId }, select: { status: true, expiresAt: true, commission: { select: { status: true } } } });
  if (quote?.status === "paid") return `This balance has already been paid (order ${order.orderNumber}).`;
  if (quote?.commission.status === "declined") return LINK_MESSAGES.declined;
  if (quote?.status === "withdrawn") return LINK_MESSAGES.withdrawn;
  if (quote && quote.expiresAt.getTime() + QUOTE_PAYMENT_GRACE_MS <= now.getTime()) return LINK_MESSAGES.expired;
  return "This balance can no longer be paid. Please reply to the maker.";
}

/** The balance was taken: the shopper's receipt and the maker's notice (a failed send is logged). */
export async function announceBalancePaid(quoteId: number, order: { orderNumber: string }, amountCents: number, statusLink: string) {
  const quote = await prisma.commissionQuote.findUnique({ where: { id: quoteId }, select: { commission: { select: { id: true, reference: true, name: true, email: true } } } });
  if (!quote) return;
  const c = quote.commission;
  const paid = { orderNumber: order.orderNumber, amountCents };
  await notify("balance paid", [
    { to: c.email, ...balancePaidEmail(c, paid, statusLink) },
    { to: ownerEmail(), replyTo: c.email, ...balancePaidNoticeEmail(c, paid, adminLink(c.id)) },
  ]);
}

/** The commission whose quote this order paid, its row locked (the order's row is locked first: lib/orders/service.ts). */
async function commissionOfOrder(tx: Prisma.TransactionClient, orderId: number) {
  const [row] = await tx.$queryRaw<Array<{ id: number; reference: string; status: CommissionStatus }>>`
    SELECT c."id", c."reference", c."status"::text AS status FROM "Commission" c JOIN "CommissionQuote" q ON q."commissionId" = c."id"
    WHERE q."orderId" = ${orderId} FOR UPDATE OF c`;
  return row ?? null;
}

/**
 * Cancelling a commission's order: the sale is off, so the commission goes back to new (the maker can
 * quote again) and the shopper's consent to show the piece, given with that sale, goes with it. The
 * paid quote keeps its record of the order. A commission already shipped or closed is left as it is.
 * Returns the commission's reference when it was reopened.
 */
export async function reopenCommissionOfOrder(tx: Prisma.TransactionClient, orderId: number): Promise<string | null> {
  const commission = await commissionOfOrder(tx, orderId);
  // Its balance link stops working with the order.
  if (commission) await tx.commissionQuote.updateMany({ where: { balanceOrderId: orderId, status: "open" }, data: { status: "withdrawn" } });
  if (!commission || (commission.status !== "accepted" && commission.status !== "in_progress")) return null;
  await tx.commission.update({ where: { id: commission.id }, data: { status: "new", galleryConsent: false } });
  return commission.reference;
}

/**
 * The order that paid a commission was refunded in full (lib/orders/refund-service.ts): the commission is
 * refunded — finished, not to be quoted again by mistake — and its balance link stops working; audited.
 * Returns the commission's reference when it moved.
 */
export async function markCommissionOfOrderRefunded(tx: Prisma.TransactionClient, orderId: number): Promise<string | null> {
  const commission = await commissionOfOrder(tx, orderId);
  if (commission) await tx.commissionQuote.updateMany({ where: { balanceOrderId: orderId, status: "open" }, data: { status: "withdrawn" } });
  if (!commission || (commission.status !== "accepted" && commission.status !== "in_progress")) return null;
  await tx.commission.update({ where: { id: commission.id }, data: { status: "refunded" } });
  await recordAudit(
    { entityType: "commission", entityId: commission.id, action: "status", before: { status: commission.status }, after: { status: "refunded", reason: "its order was refunded in full" } },
    tx,
  );
  return commission.reference;
}

/**
 * Re-opening a cancelled commission's order: the commission is accepted again, with the consent the
 * shopper gave when paying — unless the maker has quoted it anew since, which refuses the re-opening.
 */
export async function reacceptCommissionOfOrder(tx: Prisma.TransactionClient, orderId: number, orderNumber: string): Promise<string | null> {
  const commission = await commissionOfOrder(tx, orderId);
  if (!commission || commission.status !== "new") {
    if (commission?.status === "quoted") throw new AppError("conflict", `Commission ${commission.reference} was quoted again after order ${orderNumber} was cancelled: the order cannot be re-opened.`);
    return null;
  }
  const checkout = await tx.checkout.findUnique({ where: { orderId }, select: { contact: true } });
  const galleryConsent = Boolean((checkout?.contact as { galleryConsent?: boolean } | null)?.galleryConsent);
  await tx.commission.update({ where: { id: commission.id }, data: { status: "accepted", galleryConsent } });
  return commission.reference;
}

/** The shopper's thread link: their request, its messages and the current quote's state, or null when the link is not good. */
export async function openThread(reference: string, token: string, now: Date = new Date()) {
  const read = await readThreadToken(reference, token, now);
  if (!read.ok) return { ok: false as const, message: read.reason === "expired" ? "This link has expired. Please contact us." : LINK_MESSAGES.invalid };
  const commission = await prisma.commission.findUnique({
    where: { reference },
    include: { messages: { orderBy: { createdAt: "asc" } }, product: { select: { name: true, slug: true } } },
  });
  if (!commission) return { ok: false as const, message: LINK_MESSAGES.invalid };
  return { ok: true as const, commission };
}

/** POST /api/commissions/reply: the shopper's message in their thread (through the emailed link); the maker is emailed. */
export async function replyAsShopper(input: CommissionReply, now: Date = new Date()) {
  const thread = await openThread(input.reference, input.token, now);
  if (!thread.ok) throw new AppError("forbidden", thread.message);
  const { commission } = thread;
  if (!isOpenCommission(commission.status as CommissionStatus)) throw new AppError("conflict", "This commission is finished: please use the contact form for anything else.");
  const message = await prisma.commissionMessage.create({ data: { commissionId: commission.id, author: "shopper", body: input.body } });
  await notify("shopper reply", [{ to: ownerEmail(), replyTo: commission.email, ...shopperReplyNoticeEmail(commission, input.body, adminLink(commission.id)) }]);
  return { id: message.id };
}
