import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type CreatePaymentIntent, type OrderContact } from "@/lib/checkout/api-schemas";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents } from "@/lib/money";
import { getPaymentProvider } from "@/lib/payments/provider";
import { UPDATABLE_STATUSES, type PaymentIntentInfo } from "@/lib/payments/types";
import { withCheckoutLock } from "@/lib/checkout/lock-service";
import { CheckoutFailure } from "@/lib/checkout/failure";
import { CURRENCY, contactOf, idempotencyKey, GIFT_CARD_PAYMENT, paidByGiftCards, sha256, cardAmountOf, type Checkout, type CheckoutSnapshot } from "@/lib/checkout/record";
import type { PricedCheckout } from "@/lib/checkout/pricing-service";

/**
 * The payment of a checkout with the provider: the authorise-only intent (one open checkout per
 * session or quote, claimed under its lock), the all-gift-card payment that has none, who holds its
 * client secret, and whether the provider authorised exactly what the checkout records.
 */

/** A card payment of this cart already authorised (another tab, a double click): the gift cards do not start a second order. */
export const CARD_PAYMENT_UNDER_WAY = "A card payment for this cart is already under way in another tab or window. Finish that checkout, or reload this page in a few minutes.";
const SUPERSEDED = "Replaced by a payment with gift cards.";

/**
 * One open checkout per cart session: before the gift cards pay the whole order, the session's open card
 * checkout is looked at. A payment not confirmed yet is cancelled with the provider and the checkout closed;
 * one already authorised or taken is refused (409), so one cart never makes two orders.
 */
async function supersedeCardCheckouts(tx: Prisma.TransactionClient, sessionId: string, providerName: string) {
  const open = await tx.checkout.findMany({
    where: { sessionId, quoteId: null, status: "open", provider: providerName, NOT: { paymentIntentId: { startsWith: GIFT_CARD_PAYMENT } } },
    orderBy: { id: "asc" },
  });
  const provider = getPaymentProvider();
  for (const checkout of open) {
    if (checkout.paymentIntentId) {
      const intent = await provider.retrieveIntent(checkout.paymentIntentId);
      if (UPDATABLE_STATUSES.includes(intent.status)) await provider.cancelIntent(intent.id, `cancel-superseded-${checkout.id}`);
      else if (intent.status !== "canceled") throw new AppError("conflict", CARD_PAYMENT_UNDER_WAY);
    }
    await tx.checkout.updateMany({ where: { id: checkout.id, status: "open" }, data: { status: "cancelled", failureReason: SUPERSEDED } });
  }
}

export async function prepareGiftCardPayment(sessionId: string, providerName: string, snapshot: Omit<Prisma.CheckoutUncheckedCreateInput, "sessionId" | "provider">) {
  return withCheckoutLock({ sessionId, quoteId: null }, async (tx) => {
    await supersedeCardCheckouts(tx, sessionId, providerName);
    const existing = await tx.checkout.findFirst({ where: { sessionId, quoteId: null, status: "open", paymentIntentId: { startsWith: GIFT_CARD_PAYMENT } }, orderBy: { id: "desc" } });
    const paymentIntentId = existing?.paymentIntentId ?? `${GIFT_CARD_PAYMENT}${randomBytes(12).toString("hex")}`;
    const clientSecret = `${paymentIntentId}_secret_${randomBytes(16).toString("hex")}`;
    const data = { ...snapshot, sessionId, provider: providerName, paymentIntentId, secretHash: sha256(clientSecret) };
    // Only while it is still open: a checkout finalised meanwhile keeps what it was paid for, and this one starts anew.
    const reused = existing ? (await tx.checkout.updateMany({ where: { id: existing.id, status: "open" }, data })).count === 1 : false;
    if (reused) return { clientSecret, paymentIntentId, provider: "gift_card" as const, checkoutId: existing!.id };
    const freshId = `${GIFT_CARD_PAYMENT}${randomBytes(12).toString("hex")}`;
    const freshSecret = `${freshId}_secret_${randomBytes(16).toString("hex")}`;
    const checkout = await tx.checkout.create({ data: { ...data, paymentIntentId: freshId, secretHash: sha256(freshSecret) } });
    return { clientSecret: freshSecret, paymentIntentId: freshId, provider: "gift_card" as const, checkoutId: checkout.id };
  });
}

/** What the checkout row records of a priced cart: its lines, the shopper's details so far, the address and every amount. */
export function checkoutSnapshot(data: CreatePaymentIntent, priced: PricedCheckout) {
  const { lines, tax, giftCards, amounts } = priced;
  return {
    items: lines,
    contact: { ...contactOf(data), giftRecipientEmail: data.giftRecipientEmail ?? null },
    shippingAddress: data.shippingAddress,
    subtotal: amounts.subtotal,
    shipping: amounts.shipping,
    shippingService: priced.shippingService,
    discountCode: amounts.discountCode,
    discount: amounts.discount,
    giftCards: giftCards.map((g) => ({ code: g.code, amount: fromCents(g.amount) })),
    giftCardAmount: amounts.giftCardAmount,
    tax: amounts.tax,
    taxLines: tax.lines,
    taxCalculationId: tax.calculationId,
    taxKey: tax.key,
    total: amounts.total,
  };
}

/** The card networks' smallest charge (Stripe: $0.50 in USD); a card's part below it cannot be taken. */
export const CARD_MINIMUM_CENTS = 50;

/** A card's part of 1–49 ¢ (a gift card leaving a few cents, a tiny deposit) is refused before any payment is made: 400, never the provider's 500. */
export function assertCardMinimum(cardAmount: number, hint = "") {
  if (cardAmount > 0 && cardAmount < CARD_MINIMUM_CENTS) {
    throw new AppError("bad_request", `Card payments must be at least ${formatMoney(CARD_MINIMUM_CENTS)}, and ${formatMoney(cardAmount)} is left to pay by card.${hint}`, {
      amount: "Below the card minimum",
    });
  }
}

/**
 * The authorise-only intent for `cardAmount`, on the open checkout of this session (a cart's) or
 * of this quote: its intent updated while the provider allows, else a new checkout and intent.
 * A cart's checkout and a quote's never share one (`quoteId`), whatever session id a client sends.
 */
export async function authoriseCheckout(owner: { sessionId: string; quoteId: number | null }, snapshot: CheckoutSnapshot, cardAmount: number) {
  assertCardMinimum(cardAmount);
  const provider = getPaymentProvider();
  const metadata = { sessionId: owner.sessionId, ...(owner.quoteId ? { quoteId: String(owner.quoteId) } : {}) };
  // One open checkout per session, claimed under its lock: a second tab or a double click waits, then joins this payment.
  return withCheckoutLock(owner, async (tx) => {
    let checkout = await tx.checkout.findFirst({
      where: { sessionId: owner.sessionId, quoteId: owner.quoteId, status: "open", provider: provider.name },
      orderBy: { id: "desc" },
    });
    let intent: PaymentIntentInfo | null = null;
    if (paidByGiftCards(checkout?.paymentIntentId)) {
      // The gift cards no longer cover it all: a card payment of its own, and the gift-card checkout is closed (one open checkout per session).
      await tx.checkout.updateMany({ where: { id: checkout!.id, status: "open" }, data: { status: "cancelled", failureReason: "Replaced by a card payment." } });
      checkout = null;
    }
    if (checkout?.paymentIntentId) {
      const current = await provider.retrieveIntent(checkout.paymentIntentId);
      if (UPDATABLE_STATUSES.includes(current.status)) {
        intent = current.amount === cardAmount ? current : await provider.updateIntent(current.id, { amount: cardAmount, metadata: { ...metadata, checkoutId: String(checkout.id) } });
      } else {
        checkout = null; // already confirmed or cancelled: start a new checkout rather than change a confirmed payment
      }
    }
    if (!checkout || !intent) {
      checkout = await tx.checkout.create({ data: { sessionId: owner.sessionId, quoteId: owner.quoteId, provider: provider.name, ...snapshot } });
      intent = await provider.createIntent({
        amount: cardAmount,
        currency: CURRENCY,
        metadata: { ...metadata, checkoutId: String(checkout.id) },
        idempotencyKey: idempotencyKey("checkout", checkout),
      });
    }
    await tx.checkout.update({ where: { id: checkout.id }, data: { ...snapshot, paymentIntentId: intent.id } });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: provider.name, checkoutId: checkout.id };
  });
}

/** The provider has authorised (or already taken) exactly this checkout's total (less its gift cards; nothing when they pay it all). */
export async function verifyPayment(checkout: Checkout): Promise<PaymentIntentInfo> {
  if (paidByGiftCards(checkout.paymentIntentId)) {
    if (cardAmountOf(checkout) !== 0) throw new CheckoutFailure("amount_mismatch");
    return { id: checkout.paymentIntentId!, clientSecret: null, amount: 0, currency: CURRENCY, status: "succeeded", metadata: {}, lastError: null };
  }
  const intent = await getPaymentProvider().retrieveIntent(checkout.paymentIntentId!);
  if (intent.status !== "requires_capture" && intent.status !== "succeeded") {
    throw new AppError("payment_required", intent.lastError ?? "Your payment has not been authorised yet.");
  }
  if (intent.amount !== cardAmountOf(checkout) || intent.currency !== CURRENCY) throw new CheckoutFailure("amount_mismatch");
  return intent;
}

/**
 * True when `clientSecret` is the payment intent's own client secret: only
 * the shopper's browser holds it (from POST /api/create-payment-intent, or
 * Stripe's redirect back). The intent id alone is not proof: it appears in
 * URLs, logs and webhooks.
 */
export async function holdsClientSecret(paymentIntentId: string, clientSecret: string | undefined): Promise<boolean> {
  if (!clientSecret) return false;
  if (paidByGiftCards(paymentIntentId)) {
    const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId }, select: { secretHash: true } });
    return Boolean(checkout?.secretHash) && sameText(sha256(clientSecret), checkout!.secretHash!);
  }
  const intent = await getPaymentProvider().retrieveIntent(paymentIntentId);
  return Boolean(intent.clientSecret) && sameText(clientSecret, intent.clientSecret!);
}

/**
 * Who may turn a checkout into an order through POST /api/orders: for a card payment anyone
 * naming the intent (the provider's authorisation is the proof; the webhook does the same);
 * for an order paid entirely by gift cards nothing outside the shop proves it, so only the
 * holder of its client secret — else it is answered as a checkout that does not exist.
 */
export function assertMayFinalize(paymentIntentId: string, holdsSecret: boolean) {
  if (paidByGiftCards(paymentIntentId) && !holdsSecret) throw new AppError("not_found", "We could not find this checkout. Please start again from your cart.");
}

function sameText(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Saves the contact details the shopper submitted with the order (POST /api/orders; only with the client secret). */
export async function updateCheckoutContact(paymentIntentId: string, contact: Partial<OrderContact>) {
  const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId } });
  if (!checkout || checkout.status !== "open") return;
  const current = (checkout.contact ?? {}) as Record<string, unknown>;
  const next = { ...current, ...Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined && v !== "")) };
  await prisma.checkout.update({ where: { id: checkout.id }, data: { contact: next as Prisma.InputJsonObject } });
}

/** Marks a checkout failed or cancelled when the provider says so (webhook). */
export async function markCheckoutClosed(paymentIntentId: string, status: "failed" | "cancelled", reason: string) {
  await prisma.checkout.updateMany({ where: { paymentIntentId, status: "open" }, data: { status, failureReason: reason } });
}
