import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEST_CARD_OUTCOMES } from "@/lib/payments/test-card-outcomes";
import { validateTestCard } from "@/lib/payments/test-cards";
import type { IntentStatus, PaymentIntentInfo, PaymentProvider, RefundInfo } from "@/lib/payments/types";
import { UPDATABLE_STATUSES } from "@/lib/payments/types";

/**
 * The embedded default: Stripe's PaymentIntent lifecycle kept in our own
 * table, with Stripe's test card numbers. It runs the same server flow as
 * Stripe (authorise, finalise, capture or void) so a newcomer can buy
 * something with no account.
 */
type Row = { id: string; clientSecret: string; amount: number; currency: string; status: string; metadata: unknown; lastError: string | null };

function toInfo(row: Row): PaymentIntentInfo {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as IntentStatus,
    metadata: (row.metadata ?? {}) as Record<string, string>,
    lastError: row.lastError,
  };
}

async function find(id: string) {
  const row = await prisma.testPaymentIntent.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", `No such payment intent: ${id}`);
  return row;
}

/** Moves an intent from one status to another only if it is still in one of `from` (safe under concurrency). */
async function transition(id: string, from: IntentStatus[], to: IntentStatus, extra: { lastError?: string | null; cardLast4?: string } = {}) {
  const { count } = await prisma.testPaymentIntent.updateMany({ where: { id, status: { in: from } }, data: { status: to, ...extra } });
  const row = await find(id);
  if (!count && row.status !== to) {
    throw new AppError("conflict", `This PaymentIntent's status is ${row.status}; it cannot move to ${to}.`);
  }
  return toInfo(row);
}

const toRefundInfo = (r: { id: string; paymentIntentId: string; amount: number }): RefundInfo => ({ id: r.id, paymentIntentId: r.paymentIntentId, amount: r.amount, status: "succeeded" });

export const testProvider: PaymentProvider = {
  name: "test",
  async createIntent({ amount, currency, metadata, idempotencyKey }) {
    const existing = await prisma.testPaymentIntent.findUnique({ where: { idempotencyKey } });
    if (existing) return toInfo(existing);
    const id = `pi_test_${randomBytes(12).toString("hex")}`;
    try {
      const row = await prisma.testPaymentIntent.create({
        data: { id, clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`, amount, currency, status: "requires_payment_method", captureMethod: "manual", metadata, idempotencyKey },
      });
      return toInfo(row);
    } catch (error) {
      const again = await prisma.testPaymentIntent.findUnique({ where: { idempotencyKey } });
      if (again) return toInfo(again);
      throw error;
    }
  },
  async updateIntent(id, { amount, metadata }) {
    const { count } = await prisma.testPaymentIntent.updateMany({ where: { id, status: { in: UPDATABLE_STATUSES } }, data: { amount, metadata } });
    if (!count) throw new AppError("conflict", "This payment can no longer be changed.");
    return toInfo(await find(id));
  },
  async retrieveIntent(id) {
    return toInfo(await find(id));
  },
  async captureIntent(id) {
    return transition(id, ["requires_capture"], "succeeded");
  },
  async cancelIntent(id) {
    return transition(id, [...UPDATABLE_STATUSES, "requires_capture"], "canceled");
  },
  /** Records a refund of a captured test payment (never more than was captured); same key → same refund. */
  async refund({ paymentIntentId, amount, reason, idempotencyKey }) {
    const existing = await prisma.testRefund.findUnique({ where: { idempotencyKey } });
    if (existing) {
      if (existing.paymentIntentId !== paymentIntentId || existing.amount !== amount) {
        throw new AppError("conflict", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      }
      return toRefundInfo(existing);
    }
    return prisma.$transaction(async (tx) => {
      const [intent] = await tx.$queryRaw<Array<{ status: string; amount: number }>>`
        SELECT "status", "amount" FROM "TestPaymentIntent" WHERE "id" = ${paymentIntentId} FOR UPDATE`;
      if (!intent) throw new AppError("not_found", `No such payment intent: ${paymentIntentId}`);
      if (intent.status !== "succeeded") throw new AppError("conflict", `This PaymentIntent's status is ${intent.status}; only a captured payment can be refunded.`);
      const refunded = await tx.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId } });
      if (!Number.isInteger(amount) || amount < 1 || (refunded._sum.amount ?? 0) + amount > intent.amount) {
        throw new AppError("conflict", "Refund amount is greater than the unrefunded amount of this payment.");
      }
      const row = await tx.testRefund.create({ data: { id: `re_test_${randomBytes(12).toString("hex")}`, paymentIntentId, amount, reason, idempotencyKey } });
      return toRefundInfo(row);
    });
  },
  async findRefund({ paymentIntentId, idempotencyKey }) {
    const row = await prisma.testRefund.findUnique({ where: { idempotencyKey } });
    return row && row.paymentIntentId === paymentIntentId ? toRefundInfo(row) : null;
  },
  async refundedTotal(paymentIntentId) {
    return (await prisma.testRefund.aggregate({ _sum: { amount: true }, where: { paymentIntentId } }))._sum.amount ?? 0;
  },
};

/**
 * The browser half of the test provider (Stripe.js's confirmCardPayment):
 * validates the card, then authorises or declines as Stripe's test numbers do.
 */
export async function confirmTestPayment(clientSecret: string, card: { number: string; expMonth: string | number; expYear: string | number; cvc: string }) {
  const row = await prisma.testPaymentIntent.findUnique({ where: { clientSecret } });
  if (!row) throw new AppError("not_found", "This payment session has expired. Please reload the checkout.");
  const check = validateTestCard(card);
  if (!check.ok) {
    const message = Object.values(check.fields)[0] ?? "Your card details are incomplete.";
    throw new AppError("bad_request", message, check.fields);
  }
  if (row.status === "requires_capture" || row.status === "succeeded") return { status: row.status, paymentIntentId: row.id };
  if (!UPDATABLE_STATUSES.includes(row.status as IntentStatus)) {
    throw new AppError("conflict", "This payment can no longer be confirmed. Please reload the checkout.");
  }
  const digits = card.number.replace(/\D/g, "");
  const outcome = TEST_CARD_OUTCOMES[digits];
  if (outcome) {
    await prisma.testPaymentIntent.update({ where: { id: row.id }, data: { status: "requires_payment_method", lastError: outcome.message } });
    return { declined: true as const, message: outcome.message, code: outcome.code, paymentIntentId: row.id };
  }
  await transition(row.id, UPDATABLE_STATUSES, "requires_capture", { lastError: null, cardLast4: digits.slice(-4) });
  return { status: "requires_capture" as const, paymentIntentId: row.id };
}
