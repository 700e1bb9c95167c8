import "server-only";
import { createHash } from "node:crypto";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { recordAudit } from "@/lib/audit/service";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { prisma, Prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send-email";
import { orderDeliveredEmail, orderRefundEmail, orderShippedEmail } from "@/lib/email/templates";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents, toCents } from "@/lib/money";
import { orderRefundSchema, orderStatusUpdateSchema, type OrderRefundInput, type OrderStatusUpdate } from "@/lib/orders/admin-schemas";
import { toOrderDTO } from "@/lib/orders/dto";
import { orderStatusUrl } from "@/lib/orders/links";
import { trackingUrl } from "@/lib/orders/shipping";
import { appendOrderEvent, type OrderEventActor } from "@/lib/orders/timeline";
import { getPaymentProvider } from "@/lib/payments/provider";
import { parseOrThrow } from "@/lib/validation";

/**
 * The one orders service that owns what happens after the sale (DESIGN.md):
 * status changes and their emails (once per order and transition, even when a
 * request is retried), refunds through the provider that took the payment,
 * cancellations that may refund and may put one-of-a-kind pieces back on sale,
 * and the provider's refund/dispute webhooks. Each step appends to the
 * order's timeline; admin steps also to the audit log.
 */
export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";

const withItems = { items: { orderBy: { id: "asc" } } } satisfies Prisma.OrderInclude;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof withItems }>;
type Tx = Prisma.TransactionClient;

const TX_OPTIONS = { maxWait: 20_000, timeout: 30_000 };

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  if (!locked.length) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return tx.order.findUniqueOrThrow({ where: { id: orderId }, include: withItems });
}

/** Sends an email whose send was claimed in the timeline; a failure is recorded there (and logged), never thrown. */
async function sendClaimedEmail(order: { id: number; orderNumber: string; email: string }, template: string, message: { subject: string; text: string; html: string }) {
  try {
    await sendEmail({ to: order.email, ...message });
  } catch (error) {
    console.error(`order ${order.orderNumber}: ${template} email failed`, error);
    await appendOrderEvent(prisma, order.id, "email_failed", { template, to: order.email }).catch(() => undefined);
  }
}

// ─── status changes ─────────────────────────────────────────────────────────

type PendingEmail = { template: string; message: { subject: string; text: string; html: string } };

/**
 * Sets any status from any other (spec §4). Side effects run only on a real
 * transition (the status differs), so a retried request changes nothing:
 * "shipped" emails the shopper once per order (items, carrier, tracking link),
 * "delivered" sends a thank-you once. Cancelling with `refund: true` refunds
 * what is left to refund first (money moves only on that explicit flag);
 * `putBackOnSale: true` marks the order's one-of-a-kind pieces unsold again.
 */
export async function changeOrderStatus(id: number | string, input: OrderStatusUpdate) {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const change = parseOrThrow(orderStatusUpdateSchema, input);

  let refundedNow: string | null = null;
  if (change.status === "cancelled" && change.refund) {
    const current = await prisma.order.findUnique({ where: { id: orderId }, select: { total: true, refundedAmount: true, status: true } });
    if (!current) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
    if (toCents(current.refundedAmount.toFixed(2)) < toCents(current.total.toFixed(2))) {
      // The cancellation email carries the amount; an order cancelled earlier gets the refund email instead.
      const result = await refundOrder(orderId, { reason: change.reason ?? "Order cancelled" }, { cancelling: current.status !== "cancelled" });
      refundedNow = result.refund.amount;
    }
  }

  const emails: PendingEmail[] = [];
  let releasedSlugs: string[] = [];
  const order = await prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    const from = before.status;
    const to = change.status;
    const data: Prisma.OrderUpdateInput = { status: to };
    if (change.carrier && change.trackingNumber) Object.assign(data, { carrier: change.carrier, trackingNumber: change.trackingNumber });
    const trackingChanged = Boolean(change.trackingNumber && (change.trackingNumber !== before.trackingNumber || change.carrier !== before.carrier));
    if (from === to && !trackingChanged) return before;

    const after = await tx.order.update({ where: { id: orderId }, data, include: withItems });
    if (from !== to || trackingChanged) {
      await appendOrderEvent(tx, orderId, "status_changed", {
        from,
        to,
        ...(change.carrier ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {}),
      });
      await recordAudit(
        { entityType: "order", entityId: orderId, action: "status", before: { status: from, carrier: before.carrier, trackingNumber: before.trackingNumber }, after: { status: to, carrier: after.carrier, trackingNumber: after.trackingNumber } },
        tx,
      );
    }

    if (to === "shipped" && (await appendOrderEvent(tx, orderId, "email_sent", { template: "shipped", to: after.email }, { onceKey: "email:shipped" }))) {
      emails.push({
        template: "shipped",
        message: orderShippedEmail(after, { carrier: after.carrier, trackingNumber: after.trackingNumber, trackingUrl: trackingUrl(after.carrier, after.trackingNumber), statusUrl: orderStatusUrl(after.orderNumber) }),
      });
    }
    if (to === "delivered" && from !== to && (await appendOrderEvent(tx, orderId, "email_sent", { template: "delivered", to: after.email }, { onceKey: "email:delivered" }))) {
      emails.push({ template: "delivered", message: orderDeliveredEmail(after) });
    }
    if (to === "cancelled") {
      if (change.putBackOnSale && from !== to) releasedSlugs = await putUniquePiecesBackOnSale(tx, after);
      if (from !== to && (await appendOrderEvent(tx, orderId, "email_sent", { template: "cancelled", to: after.email, refunded: refundedNow }, { onceKey: "email:cancelled" }))) {
        emails.push({ template: "cancelled", message: orderRefundEmail(after, { amount: refundedNow, cancelled: true, reason: change.reason ?? null, lines: [] }) });
      }
    }
    return after;
  }, TX_OPTIONS);

  if (releasedSlugs.length) await expireCatalog({ slugs: releasedSlugs, gallery: true });
  for (const email of emails) await sendClaimedEmail(order, email.template, email.message);
  return toOrderDTO(order);
}

/** Marks the order's sold one-of-a-kind pieces unsold (back in listings); returns their slugs for cache expiry. */
async function putUniquePiecesBackOnSale(tx: Tx, order: OrderRow): Promise<string[]> {
  const ids = order.items.map((i) => i.productId).filter((id): id is number => id !== null);
  if (!ids.length) return [];
  const pieces = await tx.product.findMany({ where: { id: { in: ids }, uniqueItem: true, sold: true }, select: { id: true, slug: true, name: true } });
  if (!pieces.length) return [];
  await tx.product.updateMany({ where: { id: { in: pieces.map((p) => p.id) } }, data: { sold: false, showInGallery: false } });
  await appendOrderEvent(tx, order.id, "put_back_on_sale", { products: pieces.map((p) => p.name) });
  for (const p of pieces) {
    await recordAudit({ entityType: "product", entityId: p.id, action: "update", before: { sold: true }, after: { sold: false } }, tx);
  }
  return pieces.map((p) => p.slug);
}

// ─── refunds ────────────────────────────────────────────────────────────────

export type RefundDTO = { id: number; amount: string; reason: string; lineIds: number[]; provider: string; providerRefundId: string | null; status: string; createdAt: string };

const toRefundDTO = (r: { id: number; amount: Prisma.Decimal; reason: string; lineIds: unknown; provider: string; providerRefundId: string | null; status: string; createdAt: Date }): RefundDTO => ({
  id: r.id,
  amount: r.amount.toFixed(2),
  reason: r.reason,
  lineIds: (r.lineIds as number[]) ?? [],
  provider: r.provider,
  providerRefundId: r.providerRefundId,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

const cents = (d: Prisma.Decimal) => toCents(d.toFixed(2));

/** What a refund request comes to on the order as it is now (under its row lock). */
function refundPlan(order: OrderRow, input: OrderRefundInput, open: Array<{ amount: Prisma.Decimal; lineIds: unknown }>): { amount: number; lineIds: number[] } {
  // Refunds still in flight count as done, so two requests at once cannot return the same money twice.
  const inFlight = open.reduce((sum, r) => sum + cents(r.amount), 0);
  const claimedLines = new Set(open.flatMap((r) => (r.lineIds as number[]) ?? []));
  const remaining = cents(order.total) - Math.max(cents(order.refundedAmount), inFlight);
  if (remaining <= 0) throw new AppError("conflict", "This order has already been fully refunded.");
  if (input.lineIds) {
    const ids = [...new Set(input.lineIds)].sort((a, b) => a - b);
    const lines = ids.map((id) => order.items.find((i) => i.id === id));
    const missing = ids.filter((_, k) => !lines[k]);
    if (missing.length) throw new AppError("bad_request", `Order ${order.orderNumber} has no line ${missing.join(", ")}.`, { lineIds: "Choose lines of this order" });
    const done = lines.filter((l) => l!.refunded || claimedLines.has(l!.id));
    if (done.length) throw new AppError("conflict", `“${done[0]!.productName}” has already been refunded.`);
    const amount = Math.min(lines.reduce((sum, l) => sum + cents(l!.total), 0), remaining);
    return { amount, lineIds: ids };
  }
  if (input.amount !== undefined) {
    const amount = Math.round(input.amount * 100);
    if (amount > remaining) throw new AppError("bad_request", `At most ${formatMoney(remaining)} can still be refunded.`, { amount: `At most ${formatMoney(remaining)}` });
    return { amount, lineIds: [] };
  }
  return { amount: remaining, lineIds: [] };
}

/**
 * The request's idempotency key: the client's (`idempotencyKey`) or, by
 * default, its content — the same refund sent twice is one refund. It is
 * also the provider's idempotency key (Stripe keeps them 24 h per account, so
 * it carries the order's creation time: a reset database never reuses one).
 */
function refundKey(order: { id: number; createdAt: Date }, input: OrderRefundInput): string {
  const basis = input.idempotencyKey ?? JSON.stringify({ amount: input.amount ?? null, lineIds: [...new Set(input.lineIds ?? [])].sort((a, b) => a - b), reason: input.reason });
  return `refund-${order.id}-${order.createdAt.getTime()}-${createHash("sha256").update(basis).digest("hex").slice(0, 32)}`;
}

/**
 * POST /api/orders/{id}/refund: the whole remaining amount, chosen lines, or
 * an amount, through the provider that took the payment. Retrying the same
 * request returns the first refund (no second money movement).
 */
export async function refundOrder(id: number | string, raw: OrderRefundInput, opts: { cancelling?: boolean } = {}) {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const input = parseOrThrow(orderRefundSchema, raw);
  const found = await prisma.order.findUnique({ where: { id: orderId }, select: { id: true, createdAt: true, stripePaymentIntentId: true, paymentProvider: true } });
  if (!found) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  if (!found.stripePaymentIntentId) throw new AppError("conflict", "This order has no card payment to refund.");
  const key = refundKey(found, input);

  let refund = await prisma.refund.findUnique({ where: { idempotencyKey: key } });
  if (refund?.status === "succeeded") {
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: withItems });
    return { refund: toRefundDTO(refund), order: toOrderDTO(order), replayed: true };
  }
  if (!refund) {
    try {
      refund = await prisma.$transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        const open = await tx.refund.findMany({ where: { orderId, status: { in: ["pending", "succeeded"] } }, select: { amount: true, lineIds: true } });
        const plan = refundPlan(order, input, open);
        return tx.refund.create({
          data: { orderId, amount: fromCents(plan.amount), reason: input.reason, lineIds: plan.lineIds, provider: found.paymentProvider, idempotencyKey: key },
        });
      }, TX_OPTIONS);
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("conflict", "This refund is already being processed. Try again in a moment.");
      throw error;
    }
  }

  const provider = getPaymentProvider();
  if (provider.name !== found.paymentProvider) {
    await prisma.refund.deleteMany({ where: { id: refund.id, status: "pending" } });
    throw new AppError("conflict", `This order was paid with the ${found.paymentProvider} provider, which this shop is not running now.`);
  }
  let providerRefund;
  try {
    providerRefund = await provider.refund({ paymentIntentId: found.stripePaymentIntentId, amount: cents(refund.amount), reason: input.reason, idempotencyKey: key });
  } catch (error) {
    // Nothing was refunded: forget the attempt so the admin can try again (the provider's key makes a lost reply safe).
    await prisma.refund.deleteMany({ where: { id: refund.id, status: "pending" } });
    const message = error instanceof Error ? error.message : String(error);
    console.error(`order ${orderId}: refund failed`, error);
    throw new AppError("conflict", `The payment provider refused the refund: ${message}`);
  }
  if (providerRefund.status === "failed") {
    await prisma.refund.deleteMany({ where: { id: refund.id, status: "pending" } });
    throw new AppError("conflict", "The payment provider could not refund this payment.");
  }

  const pending = refund;
  let email: PendingEmail | null = null;
  const { order, saved } = await prisma.$transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    const saved = await tx.refund.update({ where: { id: pending.id }, data: { status: "succeeded", providerRefundId: providerRefund.id } });
    const lineIds = (saved.lineIds as number[]) ?? [];
    if (lineIds.length) await tx.orderItem.updateMany({ where: { orderId, id: { in: lineIds } }, data: { refunded: true } });
    await syncRefundedAmount(tx, orderId);
    const after = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: withItems });
    const lines = before.items.filter((i) => lineIds.includes(i.id)).map((i) => `${i.quantity} × ${i.productName}`);
    await appendOrderEvent(tx, orderId, "refunded", { amount: saved.amount.toFixed(2), reason: saved.reason, lines, provider: saved.provider, refundId: providerRefund.id });
    await recordAudit({ entityType: "order", entityId: orderId, action: "refund", before: { refundedAmount: before.refundedAmount.toFixed(2) }, after: { refundedAmount: after.refundedAmount.toFixed(2), reason: saved.reason } }, tx);
    if (!opts.cancelling && (await appendOrderEvent(tx, orderId, "email_sent", { template: "refund", to: after.email, amount: saved.amount.toFixed(2) }, { onceKey: `email:refund:${saved.id}` }))) {
      email = { template: "refund", message: orderRefundEmail(after, { amount: saved.amount.toFixed(2), cancelled: false, reason: saved.reason, lines }) };
    }
    return { order: after, saved };
  }, TX_OPTIONS);
  const claimed = email as PendingEmail | null;
  if (claimed) await sendClaimedEmail(order, claimed.template, claimed.message);
  return { refund: toRefundDTO(saved), order: toOrderDTO(order), replayed: false };
}

// ─── provider webhooks ──────────────────────────────────────────────────────

/**
 * charge.refunded: the provider's running total of money returned. Refunds we
 * made are already rows (pending or succeeded) of the Refund table; anything
 * beyond them was refunded at the provider (e.g. in Stripe's dashboard) and
 * is recorded as one more refund row. The order's refunded amount is always
 * the sum of its succeeded refunds, so a webhook for our own refund — before
 * or after we recorded it — is never counted twice.
 */
export async function recordProviderRefund(paymentIntentId: string, amountRefundedCents: number, actor: OrderEventActor = "webhook") {
  await prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { stripePaymentIntentId: paymentIntentId }, select: { id: true } });
    if (!order) return;
    const current = await lockOrder(tx, order.id);
    const ours = await tx.refund.aggregate({ _sum: { amount: true }, where: { orderId: order.id, status: { in: ["pending", "succeeded"] } } });
    const external = Math.min(amountRefundedCents, cents(current.total)) - cents(ours._sum.amount ?? new Prisma.Decimal(0));
    if (external <= 0) return;
    await tx.refund.create({
      data: {
        orderId: order.id,
        amount: fromCents(external),
        reason: "Refunded at the payment provider",
        lineIds: [],
        provider: current.paymentProvider,
        status: "succeeded",
        idempotencyKey: `provider-${paymentIntentId}-${amountRefundedCents}`,
      },
    });
    const after = await syncRefundedAmount(tx, order.id);
    await appendOrderEvent(tx, order.id, "refunded", { amount: fromCents(external), totalRefunded: after, source: "provider" }, { actor });
  }, TX_OPTIONS);
}

/** The order's refunded amount = the sum of its succeeded refunds (at most the total). */
async function syncRefundedAmount(tx: Tx, orderId: number): Promise<string> {
  const [order, sum] = await Promise.all([
    tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { total: true } }),
    tx.refund.aggregate({ _sum: { amount: true }, where: { orderId, status: "succeeded" } }),
  ]);
  const amount = fromCents(Math.min(cents(sum._sum.amount ?? new Prisma.Decimal(0)), cents(order.total)));
  await tx.order.update({ where: { id: orderId }, data: { refundedAmount: amount } });
  return amount;
}

/** charge.dispute.created: the shopper's bank opened a dispute; the order is flagged for the dashboard. */
export async function recordDispute(paymentIntentId: string, detail: { amount: number; reason: string | null; disputeId: string }, actor: OrderEventActor = "webhook") {
  await prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { stripePaymentIntentId: paymentIntentId }, select: { id: true, disputed: true } });
    if (!order) return;
    await tx.order.update({ where: { id: order.id }, data: { disputed: true } });
    await appendOrderEvent(tx, order.id, "dispute_opened", { amount: fromCents(detail.amount), reason: detail.reason, disputeId: detail.disputeId }, { actor, onceKey: `dispute:${detail.disputeId}` });
  }, TX_OPTIONS);
}
