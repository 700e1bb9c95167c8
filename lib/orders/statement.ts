import { lineName } from "@/lib/catalog/variants";
import { discountLabel } from "@/lib/discounts/rules";
import { formatMoney, decimalToCents, toCents, type Cents } from "@/lib/money";
import { DOMESTIC_SERVICE } from "@/lib/shipping/defaults";
import { INTERNATIONAL_SERVICE, PICKUP_SERVICE, serviceLabel } from "@/lib/shipping/services";

/**
 * One statement of an order's money, from its stored records: every document that shows
 * what an order cost and how it was paid (emails, confirmation and status pages, the admin view, the
 * CSV export) reads it from here, so their figures are the same and add up:
 *   subtotal − discount + shipping + tax = total = gift cards + card payments + balance due
 *   net = paid − refunds   (paid: gift cards and the card payments the provider took)
 *   revenue = net − the gift cards the order bought (less what their refund returned)
 *
 * Revenue (the dashboard's, lib/admin/stats-queries.ts, the same sum in SQL): what the shop earned from
 * goods, shipping and tax, net of discounts and of every refund, to the card or to a gift card. A gift card
 * is counted once, when it is spent: selling one is money held for its holder (not revenue), paying with
 * one is revenue of the order it pays. A card payment not taken (a capture that failed or is unknown, a
 * balance not paid yet) is not revenue. Unspent gift-card balances never become revenue here.
 */

type Money = { toFixed(digits: number): string };

/** The stored records a statement is made from (lib/orders/order-row.ts orderWithItems reads them all). */
export type StatementSource = {
  status: string;
  /** Whether the first card payment was taken (Order.capture, lib/checkout/capture-service.ts); absent on records from before it: taken once the order left "pending". */
  capture?: "captured" | "unknown" | "failed";
  subtotal: Money;
  shipping: Money;
  /** How it reaches the shopper (Order.shippingService): a carrier's service the shopper chose, local pickup, or the zone's default. */
  shippingService?: string | null;
  tax: Money;
  discount: Money;
  discountCode: string | null;
  giftCardAmount: Money;
  total: Money;
  balanceDue: Money;
  /** Returned so far (our refunds and the provider's charge.refunded): any part with no refund row of ours went back to the card. */
  refundedAmount: Money;
  items: ReadonlyArray<{ id: number; productName: string; variantLabel?: string | null; quantity: number; price: Money; total: Money; discount: Money; tax: Money; refunded: boolean }>;
  /** Card payments after the first (a commission's balance). */
  payments: ReadonlyArray<{ paymentIntentId: string; amount: Money; captured: boolean }>;
  /** This order's gift-card movements: `redeemed` (−, paid with it) and `refunded` (+, a refund returned to it); others are ignored. */
  giftCardMovements: ReadonlyArray<{ kind: string; amount: Money; giftCard: { code: string } }>;
  /** The gift cards this order bought, with what a refund of it returned of each (absent: none). */
  giftCardsBought?: ReadonlyArray<{ initialAmount: Money; refundedAmount: Money }>;
  /** Its refunds; only succeeded ones count. `giftCardAmount` is the part returned to gift cards, the rest went to the card. */
  refunds: ReadonlyArray<{ id: number; amount: Money; giftCardAmount: Money; status: string; createdAt: Date }>;
};

export type StatementLine = { id: number; name: string; quantity: number; unitPrice: Cents; amount: Cents; discount: Cents; tax: Cents; refunded: boolean };
export type CardPayment = { kind: "card" | "deposit" | "balance"; amount: Cents; captured: boolean };
export type GiftCardPart = { last4: string; amount: Cents };

/** What became of the order's card payment, as the shopper is told: taken, being checked with the bank, or not taken (nothing charged). */
export type PaymentState = "taken" | "checking" | "not_taken";

export type OrderStatement = {
  /** The first card payment's state (a gift-card-only order's is "taken"). */
  payment: PaymentState;
  lines: StatementLine[];
  subtotal: Cents;
  discount: { code: string | null; label: string; amount: Cents } | null;
  shipping: Cents;
  /** The shipping row's name: "Shipping", "Shipping (UPS Ground)" for a carrier service the shopper chose, "Local pickup". */
  shippingLabel: string;
  tax: Cents;
  total: Cents;
  /** Paid with gift cards, each by its code's last 4. */
  giftCards: GiftCardPart[];
  /** What the card paid: the order's payment (a deposit, for a commission paid in two), then any balance payments. */
  cardPayments: CardPayment[];
  /** A commission paid with a deposit: what the deposit paid and what is still due. */
  deposit: { paid: Cents; balanceDue: Cents } | null;
  balanceDue: Cents;
  refunds: { toCard: Cents; toGiftCards: GiftCardPart[]; total: Cents; each: Array<{ id: number; createdAt: Date; toCard: Cents; toGiftCard: Cents }> };
  /** Gift cards plus the card payments taken. */
  paid: Cents;
  /** Paid less refunded. */
  net: Cents;
  /** Net less the gift cards it sold (still held for their holders): see "Revenue" above. */
  revenue: Cents;
};

const sum = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0);
const last4 = (code: string) => code.slice(-4);

/** Amounts per gift card, in the order the cards first appear. */
function byCard(movements: StatementSource["giftCardMovements"], kind: string): GiftCardPart[] {
  const parts = new Map<string, Cents>();
  for (const m of movements) {
    if (m.kind !== kind) continue;
    parts.set(m.giftCard.code, (parts.get(m.giftCard.code) ?? 0) + toCents(m.amount.toFixed(2).replace(/^-/, "")));
  }
  return [...parts].filter(([, amount]) => amount > 0).map(([code, amount]) => ({ last4: last4(code), amount }));
}

export function orderStatement(o: StatementSource): OrderStatement {
  const total = decimalToCents(o.total);
  const giftCardAmount = decimalToCents(o.giftCardAmount);
  const balanceDue = decimalToCents(o.balanceDue);
  const later = o.payments.map((p) => ({ kind: "balance" as const, amount: decimalToCents(p.amount), captured: p.captured }));
  // The order's own card payment: what neither its gift cards nor its later payments (nor the balance still due) pay.
  const first = total - giftCardAmount - balanceDue - sum(later.map((p) => p.amount));
  const isDeposit = balanceDue > 0 || later.length > 0;
  // A gift-card-only order has no card payment; the first payment is taken once the order leaves "pending".
  const payment: PaymentState = o.capture === "failed" ? "not_taken" : o.capture === "unknown" ? "checking" : "taken";
  const firstTaken = o.capture ? o.capture === "captured" : o.status !== "pending";
  const cardPayments: CardPayment[] = [...(first > 0 ? [{ kind: isDeposit ? ("deposit" as const) : ("card" as const), amount: first, captured: firstTaken }] : []), ...later];

  let giftCards = byCard(o.giftCardMovements, "redeemed");
  // Rows from before movements were kept: one part for the whole amount, with no code to show.
  if (sum(giftCards.map((g) => g.amount)) !== giftCardAmount) giftCards = giftCardAmount > 0 ? [{ last4: "", amount: giftCardAmount }] : [];

  const succeeded = o.refunds.filter((r) => r.status === "succeeded");
  const each = succeeded.map((r) => ({ id: r.id, createdAt: r.createdAt, toGiftCard: decimalToCents(r.giftCardAmount), toCard: decimalToCents(r.amount) - decimalToCents(r.giftCardAmount) }));
  const toGiftCard = sum(each.map((r) => r.toGiftCard));
  let toGiftCards = byCard(o.giftCardMovements, "refunded");
  if (sum(toGiftCards.map((g) => g.amount)) !== toGiftCard) toGiftCards = toGiftCard > 0 ? [{ last4: "", amount: toGiftCard }] : [];
  const outside = decimalToCents(o.refundedAmount) - sum(each.map((r) => r.toCard + r.toGiftCard));
  const toCard = sum(each.map((r) => r.toCard)) + Math.max(0, outside);

  const paid = sum(giftCards.map((g) => g.amount)) + sum(cardPayments.filter((p) => p.captured).map((p) => p.amount));
  const discount = decimalToCents(o.discount);
  return {
    payment,
    lines: o.items.map((i) => ({
      id: i.id,
      name: lineName(i.productName, i.variantLabel ?? null),
      quantity: i.quantity,
      unitPrice: decimalToCents(i.price),
      amount: decimalToCents(i.total),
      discount: decimalToCents(i.discount),
      tax: decimalToCents(i.tax),
      refunded: i.refunded,
    })),
    subtotal: decimalToCents(o.subtotal),
    discount: discount > 0 || o.discountCode ? { code: o.discountCode, label: o.discountCode ? discountLabel(o.discountCode) : "Discount", amount: discount } : null,
    shipping: decimalToCents(o.shipping),
    shippingLabel: shippingRowLabel(o.shippingService),
    tax: decimalToCents(o.tax),
    total,
    giftCards,
    cardPayments,
    deposit: isDeposit ? { paid: first, balanceDue } : null,
    balanceDue,
    refunds: { toCard, toGiftCards, total: toCard + toGiftCard, each },
    paid,
    net: paid - toCard - toGiftCard,
    revenue: paid - toCard - toGiftCard - sum((o.giftCardsBought ?? []).map((g) => decimalToCents(g.initialAmount) - decimalToCents(g.refundedAmount))),
  };
}

/** The zone's own services keep the plain "Shipping" every document has always shown; a chosen carrier service or pickup is named. */
function shippingRowLabel(service: string | null | undefined): string {
  if (!service || service === DOMESTIC_SERVICE || service === INTERNATIONAL_SERVICE) return "Shipping";
  return service === PICKUP_SERVICE ? serviceLabel(service) : `Shipping (${serviceLabel(service)})`;
}

/** The statement's money rows as every document shows them, in order; `cents` is signed (taken off: negative). */
export type StatementRow = { key: string; label: string; cents: Cents; text: string; strong?: boolean };

const giftCardName = (g: GiftCardPart) => (g.last4 ? `gift card ending ${g.last4}` : "gift card");
const paymentLabel: Record<CardPayment["kind"], string> = { card: "Paid by card", deposit: "Deposit paid by card", balance: "Balance paid by card" };

export function statementRows(s: OrderStatement): StatementRow[] {
  const row = (key: string, label: string, value: Cents, opts: { free?: boolean; strong?: boolean } = {}): StatementRow => ({
    key,
    label,
    cents: value,
    text: opts.free && value === 0 ? "Free" : value < 0 ? `-${formatMoney(-value)}` : formatMoney(value),
    ...(opts.strong ? { strong: true } : {}),
  });
  const rows: StatementRow[] = [row("subtotal", "Subtotal", s.subtotal)];
  if (s.discount) rows.push(row("discount", s.discount.label, -s.discount.amount));
  rows.push(row("shipping", s.shippingLabel, s.shipping, { free: true }), row("tax", "Tax", s.tax), row("total", "Total", s.total, { strong: true }));
  s.giftCards.forEach((g, i) => rows.push(row(`gift-card-${i}`, `Paid by ${giftCardName(g)}`, g.amount)));
  const notTaken = (i: number) => (i === 0 && s.payment === "not_taken" ? "(not taken: nothing charged)" : i === 0 && s.payment === "checking" ? "(being checked with your bank)" : "(not yet taken)");
  s.cardPayments.forEach((p, i) => rows.push(row(`card-${i}`, p.captured ? paymentLabel[p.kind] : `${paymentLabel[p.kind]} ${notTaken(i)}`, p.amount)));
  if (s.balanceDue > 0) rows.push(row("balance-due", "Balance due", s.balanceDue, { strong: true }));
  if (s.refunds.total > 0) {
    if (s.refunds.toCard > 0) rows.push(row("refund-card", "Refunded to card", -s.refunds.toCard));
    s.refunds.toGiftCards.forEach((g, i) => rows.push(row(`refund-gift-card-${i}`, `Refunded to ${giftCardName(g)}`, -g.amount)));
    rows.push(row("net", "Net paid", s.net, { strong: true }));
  }
  return rows;
}

/**
 * What the shopper is told when the card payment was not taken (the confirmation page and email say it instead
 * of "confirmed"): null once it was taken. One wording for every document, from the statement's payment state.
 */
export type PaymentNotice = { state: Exclude<PaymentState, "taken">; title: string; status: string; text: string };

export function paymentNotice(s: OrderStatement): PaymentNotice | null {
  const card = s.cardPayments[0];
  if (s.payment === "checking")
    return {
      state: "checking",
      title: "We're checking your payment",
      status: "Payment being checked",
      text: `Your order is placed, but we could not yet confirm with your bank that the card payment${card ? ` of ${formatMoney(card.amount)}` : ""} went through. We are checking it now and will email you as soon as we know; you will not be charged twice. Nothing ships until the payment has gone through.`,
    };
  if (s.payment === "not_taken")
    return {
      state: "not_taken",
      title: "Your payment was not taken",
      status: "Payment not taken",
      text: `Your order was received, but your bank did not let us take the card payment${card ? ` of ${formatMoney(card.amount)}` : ""}, so your card has not been charged and the order will not ship. The hold on your card is released. We will email you about what happens next.`,
    };
  return null;
}

/** The rows as plain text lines ("Paid by card: $478.00"), for emails. */
export const statementText = (s: OrderStatement) => statementRows(s).map((r) => `${r.label}: ${r.text}`);

/** Whether the figures add up (the invariant above); the unit tests and the documents' tests hold every statement to it. */
export function statementAddsUp(s: OrderStatement): boolean {
  const charged = s.subtotal - (s.discount?.amount ?? 0) + s.shipping + s.tax;
  const paidFor = sum(s.giftCards.map((g) => g.amount)) + sum(s.cardPayments.map((p) => p.amount)) + s.balanceDue;
  return charged === s.total && paidFor === s.total && s.net === s.paid - s.refunds.total;
}
