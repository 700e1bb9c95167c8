import "server-only";
import { log } from "@/lib/log";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";
import { lineKey } from "@/lib/cart/types";
import { unavailableMessage, type UnavailableCode } from "@/lib/cart/messages";
import { availabilityOf, lineAvailability, maxOrderQuantity, shipDays, shippingPromise, type DayRange } from "@/lib/catalog/stock";
import { readOptions } from "@/lib/catalog/mappers";
import { lineName, variantLabel, variantStock } from "@/lib/catalog/variants";
import { expireCatalog } from "@/lib/catalog/revalidate";
import { orderContactSchema, type Address, type CreatePaymentIntent, type DiscountPreview, type OrderContact } from "@/lib/checkout/api-schemas";
import { discountedTotals } from "@/lib/checkout/discount-totals";
import { SHIPPING_SERVICE } from "@/lib/checkout/pricing";
import { prisma, Prisma } from "@/lib/db";
import { captureOrderPayment, settleCapture } from "@/lib/checkout/capture-service";
import { giftCardShortMessage, issueGiftCard, priceGiftCards, redeemGiftCards } from "@/lib/gift-cards/service";
import type { AppliedGiftCard } from "@/lib/gift-cards/rules";
import { claimDiscountUse, priceDiscountCode, refuseNothingOff, refusalMessage, type DiscountRefusal, type PricedDiscount } from "@/lib/discounts/service";
import { AppError } from "@/lib/errors";
import { formatMoney, fromCents, decimalToCents, toCents } from "@/lib/money";
import { sendGiftCardEmails, sendOrderEmails, type IssuedGiftCard } from "@/lib/orders/email-service";
import { lockOrder, ORDER_TX_OPTIONS, orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import { claimPieceForOrder } from "@/lib/orders/pieces";
import { claimStock, recordStockTaken, type StockTaken } from "@/lib/orders/stock";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { usesEmbeddedDatabase } from "@/lib/payments/config";
import { getPaymentProvider } from "@/lib/payments/provider";
import { env } from "@/lib/env";
import { UPDATABLE_STATUSES, type PaymentIntentInfo } from "@/lib/payments/types";
import { sendCheckoutConfirmation, subscribeAtCheckout } from "@/lib/newsletter/subscriber-service";
import { recordTaxTransaction } from "@/lib/orders/tax-service";
import { announceBalancePaid, claimBalanceQuote, claimQuoteForOrder } from "@/lib/commissions/service";
import { orderStatusUrl } from "@/lib/orders/links";
import { priceOrderTax, taxInputKey, taxSettings, type OrderTax } from "@/lib/tax/service";
import type { TaxLine } from "@/lib/tax/display";
import { priceCheckoutShipping } from "@/lib/shipping/service";
import type { ShipLine } from "@/lib/shipping/rules";

/**
 * Paying for one-of-a-kind pieces (docs/ARCHITECTURE.md, the money path): the server prices the cart,
 * records a checkout and an authorise-only payment intent; finalizeOrder then
 * claims every unique piece in one transaction, records the order, and only
 * then captures. A failed claim voids the authorisation: nobody is charged
 * for a piece they cannot get, and no piece is sold twice.
 */
export type CheckoutLine = {
  productId: number;
  slug: string;
  name: string;
  price: string;
  quantity: number;
  uniqueItem: boolean;
  /** The promise at checkout (lib/catalog/stock.ts), kept on the order line; absent on checkouts from before lead times and promises. */
  ships?: string;
  shipDays?: DayRange | null;
  /** This line's share of the discount code, "0.00" or absent without one. */
  discount?: string;
  /** The tax on this line (lib/tax), absent without tax: a line refund returns it. */
  tax?: string;
  /** A gift card: paying issues one card per unit (issueGiftCards). */
  giftCard?: boolean;
  /** The variant bought (lib/catalog/variants.ts) and what the order line keeps of it; absent for a product without variants. */
  variantId?: number;
  variantSku?: string;
  variantLabel?: string;
  /** A commission's piece: no product, priced from the maker's quote, claimed by claimQuote. */
  quoteId?: number;
  /** What the catalogue knows of its parcel (lib/shipping): grams per unit (the variant's, else the product's; absent: not weighed), an oversize piece's own freight per unit, a piece delivered by arrangement. */
  weightGrams?: number;
  freight?: string;
  contactForDelivery?: boolean;
  /** Its package's size in mm (its own, or its box's inside), for a carrier's rates. */
  size?: [number, number, number];
};

const CURRENCY = "usd";

/**
 * Stripe keeps idempotency keys for 24 h per account, so keys must be unique
 * beyond this database (a reset database reuses ids): id + creation time.
 */
const idempotencyKey = (action: string, checkout: { id: number; createdAt: Date }) => `${action}-${checkout.id}-${checkout.createdAt.getTime()}`;

/** A line of a cart as the shopper sends it: a product, and its variant for a product with variants. */
export type CartLineRef = { productId: number; variantId?: number | null; quantity: number };
/** A line that can no longer be bought as it is (named with its variant: "Dowel Jig — Size: 8 mm"), and what is left of its count. */
export type UnavailableLine = { productId: number; variantId?: number; name: string; code: UnavailableCode; left?: number };
type PricedCart = { lines: CheckoutLine[]; unavailable: UnavailableLine[] };

/**
 * Prices cart lines from the database (a variant's own price); reports what can no longer be bought.
 * A line naming a variant of another product, or none of a product that has variants, is the
 * client's mistake: 400 (`strict`, a new checkout), or for an authorised one (the product changed
 * since) a line that can no longer be bought. A variant that no longer exists can no longer be bought.
 */
export async function priceCart(items: CartLineRef[], { strict = true }: { strict?: boolean } = {}): Promise<PricedCart> {
  const merged = new Map<string, CartLineRef>();
  for (const item of items) {
    const key = lineKey(item);
    const seen = merged.get(key);
    merged.set(key, { productId: item.productId, variantId: item.variantId ?? null, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  const variantIds = [...merged.values()].flatMap((l) => (l.variantId ? [l.variantId] : []));
  const products = await prisma.product.findMany({
    where: { id: { in: [...new Set([...merged.values()].map((l) => l.productId))] } },
    select: {
      id: true,
      slug: true,
      name: true,
      price: true,
      uniqueItem: true,
      sold: true,
      active: true,
      stock: true,
      allowBackorder: true,
      leadTimeMinDays: true,
      leadTimeMaxDays: true,
      giftCard: true,
      options: true,
      weightGrams: true,
      freightPrice: true,
      contactForDelivery: true,
      lengthMm: true,
      widthMm: true,
      heightMm: true,
      box: { select: { innerLengthMm: true, innerWidthMm: true, innerHeightMm: true } },
      category: { select: { active: true } },
      _count: { select: { variants: true } },
    },
  });
  const variants = variantIds.length
    ? await prisma.productVariant.findMany({
        where: { id: { in: variantIds } },
        select: { id: true, productId: true, sku: true, optionValues: true, price: true, stock: true, allowBackorder: true, leadTimeMinDays: true, leadTimeMaxDays: true, weightGrams: true },
      })
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  const lines: CheckoutLine[] = [];
  const unavailable: PricedCart["unavailable"] = [];
  for (const { productId, variantId, quantity } of merged.values()) {
    const p = byId.get(productId);
    const variant = variantId ? variantById.get(variantId) : undefined;
    const ref = variantId ? { productId, variantId } : { productId };
    if (!p || !p.active || !p.category.active) {
      unavailable.push({ ...ref, name: p?.name ?? `Product ${productId}`, code: "inactive" });
      continue;
    }
    if (variant && variant.productId !== productId) {
      if (strict) throw new AppError("bad_request", `That option is not one of “${p.name}”'s.`, { items: "Unknown option for this product" });
      unavailable.push({ ...ref, name: p.name, code: "inactive" });
      continue;
    }
    if (!variantId && p._count.variants > 0) {
      if (strict) throw new AppError("bad_request", `Choose which “${p.name}” you want: it comes in several options.`, { items: "Choose an option" });
      unavailable.push({ ...ref, name: p.name, code: "inactive" });
      continue;
    }
    if (variantId && !variant) {
      // A variant deleted since it went in the cart (or never one of this product's).
      unavailable.push({ ...ref, name: p.name, code: "inactive" });
      continue;
    }
    if (p.uniqueItem && p.sold) {
      unavailable.push({ ...ref, name: p.name, code: "sold" });
      continue;
    }
    if (p.uniqueItem && quantity > 1) {
      throw new AppError("bad_request", `“${p.name}” is one of a kind: you can buy only one.`, { items: "Only 1 available" });
    }
    const label = variant ? variantLabel(readOptions(p.options), Array.isArray(variant.optionValues) ? variant.optionValues.map(String) : []) : undefined;
    const name = lineName(p.name, label);
    const stock = variant ? variantStock(variant) : p;
    const max = maxOrderQuantity(stock);
    if (availabilityOf(stock).state === "sold_out") {
      unavailable.push({ ...ref, name, code: "sold_out", left: 0 });
      continue;
    }
    if (max !== null && quantity > max) {
      unavailable.push({ ...ref, name, code: "short", left: max });
      continue;
    }
    const promise = lineAvailability(stock, quantity);
    lines.push({
      productId,
      slug: p.slug,
      name: p.name,
      price: (variant ?? p).price.toFixed(2),
      quantity,
      uniqueItem: p.uniqueItem,
      ships: shippingPromise(promise),
      shipDays: shipDays(promise),
      ...(variant ? { variantId: variant.id, variantSku: variant.sku, variantLabel: label } : {}),
      ...(p.giftCard ? { giftCard: true } : {}),
      ...((variant?.weightGrams ?? p.weightGrams) ? { weightGrams: (variant?.weightGrams ?? p.weightGrams) as number } : {}),
      ...(p.freightPrice !== null ? { freight: p.freightPrice.toFixed(2) } : {}),
      ...(p.contactForDelivery ? { contactForDelivery: true } : {}),
      ...(p.box
        ? { size: [p.box.innerLengthMm, p.box.innerWidthMm, p.box.innerHeightMm] as [number, number, number] }
        : p.lengthMm && p.widthMm && p.heightMm
          ? { size: [p.lengthMm, p.widthMm, p.heightMm] as [number, number, number] }
          : {}),
    });
  }
  return { lines, unavailable };
}

/** The 409 body's account of lines that cannot be bought as they are: which line, named, and what is left of its count. */
export function unavailableDetail(unavailable: UnavailableLine[]) {
  return {
    unavailable: [...new Set(unavailable.map((u) => u.productId))],
    ...(unavailable.some((u) => u.left !== undefined) ? { left: Object.fromEntries(unavailable.filter((u) => u.left !== undefined && !u.variantId).map((u) => [u.productId, u.left])) } : {}),
    // Each line with the words its cart line shows ("Only 2 left.", "This item is sold out.").
    lines: unavailable.map((u) => ({
      productId: u.productId,
      ...(u.variantId ? { variantId: u.variantId } : {}),
      name: u.name,
      code: u.code,
      ...(u.left !== undefined ? { left: u.left } : {}),
      message: unavailableMessage(u.code, u.left),
    })),
    ...(unavailable.length === 1 ? { code: unavailable[0].code } : {}),
  };
}

/** Refuses (409) a cart with lines that can no longer be bought, naming them. */
function assertAvailable(unavailable: PricedCart["unavailable"]) {
  if (unavailable.length) {
    const first = unavailable[0];
    throw new AppError(
      "conflict",
      unavailable.length === 1 ? `“${first.name}”: ${unavailableMessage(first.code, first.left)}` : "Some items in your cart are no longer available.",
      undefined,
      unavailableDetail(unavailable),
    );
  }
}

/**
 * The discount code's price for these lines (server-side only; refused with 409 naming why), or null without a code.
 * A code that would take $0.00 off (free shipping where shipping is already free) is refused: it is not applied and uses nothing.
 */
async function priceDiscount(code: string | null | undefined, lines: CheckoutLine[], email?: string | null, shipping?: number): Promise<PricedDiscount | null> {
  if (!code) return null;
  const discount = await priceDiscountCode(code, lines, { email });
  // Judged on the shipping the address pays (lib/shipping) when it is known: a free-shipping code takes off what is charged.
  if (discountedTotals(withLineDiscounts(lines, discount), { discount, shipping }).discount === 0) refuseNothingOff(discount.code);
  return discount;
}

/**
 * The gift cards the shopper entered pay what they can of the total (lib/gift-cards); the card
 * pays the rest. Their balances are taken only in the order's transaction (redeemGiftCards).
 */
async function applyGiftCards(codes: string[] | undefined, total: number): Promise<AppliedGiftCard[]> {
  const applied = await priceGiftCards(codes ?? [], total);
  return applied;
}

/**
 * An order paid entirely by gift cards has no card payment: its checkout gets a payment id
 * of its own (`pi_giftcard_…`, so POST /api/orders and finalizeOrder take the same path)
 * and a client secret only the shopper's browser holds (stored hashed). A session's open
 * gift-card checkout is reused, with a new secret.
 */
const GIFT_CARD_PAYMENT = "pi_giftcard_";
const paidByGiftCards = (paymentIntentId: string | null | undefined) => Boolean(paymentIntentId?.startsWith(GIFT_CARD_PAYMENT));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

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

async function prepareGiftCardPayment(sessionId: string, providerName: string, snapshot: Omit<Prisma.CheckoutUncheckedCreateInput, "sessionId" | "provider">) {
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

/** Each line carries its share of the discount, so a line refund returns what that line was paid. */
const withLineDiscounts = (lines: CheckoutLine[], discount: PricedDiscount | null): CheckoutLine[] =>
  discount ? lines.map((l) => ({ ...l, discount: fromCents(discount.perLine[lineKey(l)] ?? 0) })) : lines;

/**
 * POST /api/discount-codes/check: what a code takes off this cart now, for the cart
 * page and checkout to show; nothing is claimed (the order's transaction does that).
 */
export async function previewDiscount(data: DiscountPreview) {
  const { lines, unavailable } = await priceCart(data.items);
  assertAvailable(unavailable);
  const discount = (await priceDiscount(data.code, lines, data.email))!;
  const totals = discountedTotals(lines, { discount });
  return {
    code: discount.code,
    merchandise: discount.merchandise,
    freeShipping: discount.freeShipping,
    discount: fromCents(totals.discount),
    subtotal: fromCents(totals.subtotal),
    total: fromCents(totals.total),
  };
}

type PricedTax = OrderTax & { key: string };

/**
 * The tax for the shipping address (lib/tax/service.ts): nothing in estimate mode, the flat rule,
 * or a Stripe Tax calculation of the lines after their discount and the shipping charged. In stripe
 * mode the session's open checkout priced for the same lines, shipping and address keeps its tax
 * and calculation: Stripe is asked again only when something it prices changed.
 */
export async function priceTax(lines: CheckoutLine[], shipping: number, address: Address, sessionId: string): Promise<PricedTax> {
  const input = {
    lines: lines.map((l) => ({ key: lineKey(l), amount: toCents(l.price) * l.quantity - toCents(l.discount ?? "0"), quantity: l.quantity, giftCard: l.giftCard })),
    shipping,
    address,
  };
  const key = taxInputKey(input);
  // Only a Stripe Tax calculation is worth keeping: estimate and flat are priced here at no cost.
  const previous =
    taxSettings().mode === "stripe"
      ? await prisma.checkout.findFirst({ where: { sessionId, status: "open", taxKey: key }, orderBy: { id: "desc" }, select: { tax: true, taxLines: true, taxCalculationId: true, items: true } })
      : null;
  if (previous) return { ...taxOfCheckout(previous), key };
  return { ...(await priceOrderTax(input)), key };
}

/** The tax a checkout was priced with, as priceOrderTax answered it (each line's part from its lines). */
function taxOfCheckout(checkout: { tax: Prisma.Decimal; taxLines: Prisma.JsonValue; taxCalculationId: string | null; items: Prisma.JsonValue }): OrderTax {
  const lines = checkout.items as unknown as CheckoutLine[];
  const perLine = Object.fromEntries(lines.map((l) => [lineKey(l), toCents(l.tax ?? "0")]));
  const amount = decimalToCents(checkout.tax);
  const shipping = amount - Object.values(perLine).reduce((sum, t) => sum + t, 0);
  return { mode: taxSettings().mode, amount, perLine, shipping, lines: (checkout.taxLines ?? []) as TaxLine[], calculationId: checkout.taxCalculationId };
}

/** A checkout line as the shipping rule reads it (lib/shipping/rules.ts). */
const shipLine = (l: CheckoutLine): ShipLine & { parcel?: { lengthMm: number; widthMm: number; heightMm: number } } => ({
  name: lineName(l.name, l.variantLabel),
  amount: toCents(l.price) * l.quantity,
  quantity: l.quantity,
  giftCard: l.giftCard,
  weightGrams: l.weightGrams ?? null,
  freight: l.freight !== undefined ? toCents(l.freight) : null,
  contactForDelivery: l.contactForDelivery,
  ...(l.size ? { parcel: { lengthMm: l.size[0], widthMm: l.size[1], heightMm: l.size[2] } } : {}),
});

/** Each line carries its part of the tax, so a line refund returns what that line was paid. */
export const withLineTax = (lines: CheckoutLine[], tax: OrderTax): CheckoutLine[] => (tax.amount ? lines.map((l) => ({ ...l, tax: fromCents(tax.perLine[lineKey(l)] ?? 0) })) : lines);

/**
 * POST /api/create-payment-intent: one checkout and one authorise-only intent per shopper session.
 * The client's `amount` is what its page shows before tax (spec §7: subtotal plus shipping, less the
 * discount); the tax for the address is the server's, added to the total the card authorises.
 */
export async function preparePayment(data: CreatePaymentIntent) {
  const priced = await priceCart(data.items);
  assertAvailable(priced.unavailable);
  // Shipping for the full address and the cart's parcels (lib/shipping), by the server alone.
  const shipment = await priceCheckoutShipping(priced.lines.map(shipLine), data.shippingAddress, data.shippingMethod);
  const discount = await priceDiscount(data.discountCode, priced.lines, data.email, shipment.amount);
  const discounted = withLineDiscounts(priced.lines, discount);
  const totals = discountedTotals(discounted, { discount, shipping: shipment.amount });
  const beforeTax = {
    subtotal: fromCents(totals.subtotal),
    shipping: fromCents(totals.shipping),
    discount: fromCents(totals.discount),
    discountCode: discount?.code ?? null,
  };
  if (data.amount !== undefined && data.amount !== totals.total) {
    throw new AppError("conflict", "Your cart total has changed. Please review your order before paying.", undefined, { ...beforeTax, total: fromCents(totals.total) });
  }
  // The shipping charged: none when the code waives it.
  const tax = await priceTax(discounted, discount?.freeShipping ? 0 : totals.shipping, data.shippingAddress, data.sessionId);
  const lines = withLineTax(discounted, tax);
  const total = totals.total + tax.amount;
  const giftCards = await applyGiftCards(data.giftCards, total);
  const giftCardAmount = giftCards.reduce((sum, g) => sum + g.amount, 0);
  /** What the card pays: the total less the gift cards. */
  const cardAmount = total - giftCardAmount;
  const amounts = {
    ...beforeTax,
    tax: fromCents(tax.amount),
    taxLines: tax.lines,
    giftCardAmount: fromCents(giftCardAmount),
    total: fromCents(total),
    cardAmount: fromCents(cardAmount),
  };
  const provider = getPaymentProvider();
  const snapshot = {
    items: lines,
    contact: {
      email: data.email ?? null,
      firstName: data.firstName ?? null,
      lastName: data.lastName ?? null,
      phone: data.phone ?? null,
      newsletter: data.newsletter,
      giftRecipientEmail: data.giftRecipientEmail ?? null,
    },
    shippingAddress: data.shippingAddress,
    subtotal: amounts.subtotal,
    shipping: amounts.shipping,
    shippingService: shipment.service,
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
  if (cardAmount === 0) return { ...(await prepareGiftCardPayment(data.sessionId, provider.name, snapshot)), ...amounts };
  assertCardMinimum(cardAmount, giftCardAmount > 0 ? " Remove a gift card to pay more of the order by card." : "");
  return { ...(await authoriseCheckout({ sessionId: data.sessionId, quoteId: null }, snapshot, cardAmount)), ...amounts };
}

export type CheckoutSnapshot = Omit<Prisma.CheckoutUncheckedCreateInput, "sessionId" | "provider" | "quoteId">;

/** The card networks' smallest charge (Stripe: $0.50 in USD); a card's part below it cannot be taken. */
export const CARD_MINIMUM_CENTS = 50;

/** A card's part of 1–49 ¢ (a gift card leaving a few cents, a tiny deposit) is refused before any payment is made: 400, never the provider's 500. */
function assertCardMinimum(cardAmount: number, hint = "") {
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

/**
 * Runs `claim` in a transaction holding the session's checkout lock (a transaction-scoped advisory lock
 * on the session and quote): preparing a payment for one session is one at a time, across instances.
 */
async function withCheckoutLock<T>(owner: { sessionId: string; quoteId: number | null }, claim: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const key = `checkout:${owner.sessionId}:${owner.quoteId ?? "cart"}`;
  // The embedded database is one process's (the launcher's) and answers one connection at a time: a transaction held
  // open while the test provider writes its intent through another connection would wait on itself. There the claim
  // is serialised in this process, which is the only one that can reach that database.
  if (usesEmbeddedDatabase(env)) return withProcessLock(key, () => claim(prisma));
  return lockSlots()(() =>
    prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))::text AS locked`;
        return claim(tx);
      },
      { maxWait: 20_000, timeout: 60_000 },
    ),
  );
}

/**
 * At most half this process's database connections hold a checkout lock at once. The claim's transaction keeps
 * its connection while the provider writes (the test provider's rows go through another one) and every other
 * request needs connections too: with every connection held by a claim waiting for one more, nothing moved until
 * the pool's wait ran out and each answered 500 (30 shoppers at once over two instances). Further claims wait here.
 */
let lockLimit: ReturnType<typeof pLimit> | null = null;
function lockSlots(): ReturnType<typeof pLimit> {
  return (lockLimit ??= pLimit(Math.max(1, Math.floor((env.DATABASE_POOL_MAX ?? 10) / 2))));
}

const processLocks = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier call with the same key has settled (one process). */
async function withProcessLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (processLocks.get(key) ?? Promise.resolve()).then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  processLocks.set(key, settled);
  try {
    return await run;
  } finally {
    if (processLocks.get(key) === settled) processLocks.delete(key);
  }
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

type Checkout = Prisma.CheckoutGetPayload<object>;
type Finalized = { order: OrderWithItems; created: boolean; stockTaken?: StockTaken[]; giftCardsIssued?: IssuedGiftCard[]; newsletterConfirm?: CheckoutConfirm };
type CheckoutConfirm = Awaited<ReturnType<typeof subscribeAtCheckout>>["confirm"];

/** Why an authorised checkout cannot become an order; callers branch on the code, never on the message. */
export type CheckoutFailureCode = UnavailableCode | "price_changed" | "amount_mismatch" | "discount_refused" | "gift_card_short" | "quote_refused";

/** A finalisation that must void the authorisation: thrown by a step, handled once by releaseOnFailure. */
class CheckoutFailure extends Error {
  constructor(
    readonly failure: CheckoutFailureCode,
    readonly productName = "",
    /** Product ids the shopper's cart should flag (sent as `unavailable`), when known. */
    readonly unavailable?: number[],
    /** Units left of an in-stock product (or variant) that ran short. */
    readonly left = 0,
    /** The line that failed, when it is one line: its variant too, so the cart flags that line only. */
    readonly line?: { productId: number; variantId?: number },
    /** Why the order's discount code could not be claimed (productName then holds the code). */
    readonly discountRefusal?: DiscountRefusal,
  ) {
    super(`checkout failed: ${failure}`);
  }
}

/** The shopper-facing text for each failure: the only place these sentences live. */
function failureMessage(failure: CheckoutFailureCode, productName: string, left: number, discountRefusal: DiscountRefusal = "used_up"): string {
  switch (failure) {
    case "sold_out":
    case "short":
      return left > 0
        ? `Sorry, only ${left} of “${productName}” ${left === 1 ? "is" : "are"} left. Your card has not been charged.`
        : `Sorry, “${productName}” just sold out. Your card has not been charged.`;
    case "sold":
      return `Sorry, “${productName}” was just bought by someone else. Your card has not been charged.`;
    case "inactive":
      return `“${productName}” is no longer available. Your card has not been charged.`;
    case "price_changed":
      return "Prices changed while you were checking out. Your card has not been charged; please review your cart.";
    case "amount_mismatch":
      return "The payment amount does not match your order. You have not been charged.";
    case "gift_card_short":
      return `${giftCardShortMessage(productName)} Your card has not been charged and no gift card was used; please review your order.`;
    case "discount_refused":
      return `${refusalMessage(discountRefusal, productName)} Your card has not been charged; please review your order.`;
    case "quote_refused":
      return `${productName} Your card has not been charged.`;
  }
}

/**
 * The one idempotent way an order comes into being (POST /api/orders and the
 * payment webhook both call it). Returns the same order for the same intent.
 * The money path, in order: the payment is authorised for this checkout, the
 * cart is still what was authorised, every unique piece is claimed and the
 * order recorded in one transaction, and only then is the payment captured.
 * Any failure before the order exists voids the authorisation.
 */
export async function finalizeOrder(paymentIntentId: string): Promise<Finalized> {
  const checkout = await findCheckout(paymentIntentId);
  const paidOrderId = checkout.orderId ?? checkout.balanceOrderId;
  if (checkout.status === "completed" && paidOrderId) {
    // A balance whose capture failed or whose answer was lost: the provider's word settles it (a webhook, or the browser again).
    if (checkout.balanceOrderId) await retryBalanceCapture(checkout.paymentIntentId!, checkout.balanceOrderId);
    // An order whose capture's outcome is unknown: the provider's word settles it (the webhook completes what the request could not).
    else if (checkout.orderId) await settleCapture(checkout.orderId, { announce: true });
    return { order: await loadOrder(prisma, paidOrderId), created: false };
  }
  assertOpen(checkout.status, checkout.failureReason);
  try {
    if (checkout.balanceOrderId) return await finalizeBalance(checkout);
    if (!checkoutLines(checkout).length) throw new CheckoutFailure("quote_refused", "This payment is for an order that no longer exists.");
    const intent = await verifyPayment(checkout);
    const contact = readContact(checkout);
    await verifyCartUnchanged(checkout);
    const result = await recordOrder(checkout, contact);
    if (!result.created) return result;
    result.order = await capturePayment(result.order, intent);
    await recordTax(result.order);
    await announceOrder(result.order, checkoutLines(checkout), result.stockTaken ?? [], result.giftCardsIssued ?? []);
    await sendCheckoutConfirmation(result.newsletterConfirm ?? null).catch((error) => log.error({ orderNumber: result.order.orderNumber, err: error }, "newsletter confirmation email failed"));
    return { order: result.order, created: true };
  } catch (error) {
    if (error instanceof CheckoutFailure) throw await releaseOnFailure(checkout, error);
    throw error;
  }
}

/**
 * A balance link's payment, as named steps: the provider authorised exactly the balance,
 * the payment is recorded on the order (the balance quote claimed once, the order's balance due
 * cleared), then captured, then the shopper and the maker are told. Never a new order.
 */
async function finalizeBalance(checkout: Checkout): Promise<Finalized> {
  const intent = await verifyPayment(checkout);
  const result = await recordBalance(checkout);
  if (!result.created) return result;
  if (await captureBalance(result.order, intent)) await announceBalancePaid(checkout.quoteId!, result.order, intent.amount, orderStatusUrl(result.order.orderNumber));
  return result;
}

/** A recorded balance not marked captured: captured now if the provider still holds the authorisation, marked if it took it. */
async function retryBalanceCapture(paymentIntentId: string, orderId: number) {
  const payment = await prisma.orderPayment.findUnique({ where: { paymentIntentId }, select: { captured: true, quoteId: true } });
  if (!payment || payment.captured) return;
  const intent = await getPaymentProvider().retrieveIntent(paymentIntentId);
  if (intent.status !== "requires_capture" && intent.status !== "succeeded") return;
  const order = await loadOrder(prisma, orderId);
  if (await captureBalance(order, intent)) await announceBalancePaid(payment.quoteId, order, intent.amount, orderStatusUrl(order.orderNumber));
}

/** One transaction: the checkout and the order locked, the balance quote claimed, the payment on record, the balance cleared. */
async function recordBalance(checkout: Checkout): Promise<Finalized> {
  const orderId = checkout.balanceOrderId!;
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: string }>>`SELECT "status"::text AS status FROM "Checkout" WHERE "id" = ${checkout.id} FOR UPDATE`;
    if (locked?.status === "completed") return { order: await loadOrder(tx, orderId), created: false };
    assertOpen(locked?.status);
    const order = await lockOrder(tx, orderId);
    const refusal = await claimBalanceQuote(tx, checkout.quoteId!, order, cardAmountOf(checkout));
    if (refusal) throw new CheckoutFailure("quote_refused", refusal);
    await tx.orderPayment.create({ data: { orderId, paymentIntentId: checkout.paymentIntentId!, provider: checkout.provider, amount: checkout.total, quoteId: checkout.quoteId! } });
    const after = await tx.order.update({ where: { id: orderId }, data: { balanceDue: 0 }, include: orderWithItems });
    await appendOrderEvent(tx, orderId, "balance_recorded", { amount: checkout.total.toFixed(2), paymentIntentId: checkout.paymentIntentId }, { actor: "system" });
    await tx.checkout.update({ where: { id: checkout.id }, data: { status: "completed", failureReason: null } });
    return { order: after, created: true };
  }, ORDER_TX_OPTIONS);
}

/**
 * Takes the balance. A failed capture leaves the authorisation standing and the payment marked not
 * captured (the order's payments say so, and the timeline): it is never refunded as if taken.
 */
async function captureBalance(order: OrderWithItems, intent: PaymentIntentInfo): Promise<boolean> {
  const provider = getPaymentProvider();
  try {
    if (intent.status !== "succeeded") await provider.captureIntent(intent.id, `capture-${intent.id}`);
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, paymentIntentId: intent.id, err: error }, "balance capture failed");
    await appendOrderEvent(prisma, order.id, "payment_pending", { reason: "balance capture failed", paymentIntentId: intent.id }, { actor: "system" });
    return false;
  }
  // Once: a retried capture (lib: retryBalanceCapture) or a refund webhook may have marked it meanwhile.
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.orderPayment.updateMany({ where: { paymentIntentId: intent.id, captured: false }, data: { captured: true } });
    if (count) await appendOrderEvent(tx, order.id, "paid", { amount: fromCents(intent.amount), provider: provider.name, balance: true }, { actor: "system" });
    return count === 1;
  }, ORDER_TX_OPTIONS);
}

async function findCheckout(paymentIntentId: string): Promise<Checkout> {
  const checkout = await prisma.checkout.findUnique({ where: { paymentIntentId } });
  if (!checkout) throw new AppError("not_found", "We could not find this checkout. Please start again from your cart.");
  return checkout;
}

function assertOpen(status: string | undefined, failureReason?: string | null) {
  if (status !== "open") throw new AppError("conflict", failureReason ?? "This checkout was cancelled. You have not been charged.");
}

/** What the card pays of a checkout now: its total less its gift cards and, for a deposit, less the balance paid later. */
const cardAmountOf = (checkout: Checkout) => decimalToCents(checkout.total) - decimalToCents(checkout.giftCardAmount) - decimalToCents(checkout.balanceDue);
const loadOrder = (db: Prisma.TransactionClient, id: number) => db.order.findUniqueOrThrow({ where: { id }, include: orderWithItems });
const checkoutLines = (checkout: Checkout) => checkout.items as unknown as CheckoutLine[];

/** The provider has authorised (or already taken) exactly this checkout's total (less its gift cards; nothing when they pay it all). */
async function verifyPayment(checkout: Checkout): Promise<PaymentIntentInfo> {
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

function readContact(checkout: Checkout): OrderContact {
  const result = orderContactSchema.safeParse(checkout.contact);
  if (!result.success) throw new AppError("bad_request", result.error.issues[0]?.message ?? "Your contact details are incomplete.");
  return result.data;
}

/** Prices and availability must still be what the shopper authorised. */
async function verifyCartUnchanged(checkout: Checkout) {
  // A quote's price is the maker's, fixed when it was sent: claimQuote checks it can still be paid.
  if (checkout.quoteId) return;
  const lines = checkoutLines(checkout);
  const priced = await priceCart(
    lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity })),
    { strict: false },
  );
  const unavailable = [...new Set(priced.unavailable.map((u) => u.productId))];
  const gone = priced.unavailable[0];
  if (gone) throw new CheckoutFailure(gone.code, gone.name, unavailable, gone.left, { productId: gone.productId, ...(gone.variantId ? { variantId: gone.variantId } : {}) });
  const changed = priced.lines.some((p) => p.price !== lines.find((l) => lineKey(l) === lineKey(p))?.price);
  if (changed) throw new CheckoutFailure("price_changed", "", unavailable);
}

/**
 * Marks every unique piece sold and held by the order (or fails if someone else got it first), takes
 * the units of in-stock products (or fails naming what is left: lib/orders/stock.ts) and counts the
 * sales. Rows are locked in product id order, as re-opening an order claims them, so two such
 * transactions wait for each other instead of deadlocking. Returns what was taken from the counts.
 */
async function claimPieces(tx: Prisma.TransactionClient, orderId: number, lines: CheckoutLine[]): Promise<StockTaken[]> {
  const taken: StockTaken[] = [];
  for (const line of [...lines].filter((l) => !l.quoteId).sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0))) {
    const ref = { productId: line.productId, ...(line.variantId ? { variantId: line.variantId } : {}) };
    const name = lineName(line.name, line.variantLabel);
    if (line.uniqueItem) {
      if (!(await claimPieceForOrder(tx, orderId, line.productId))) throw new CheckoutFailure("sold", line.name, [line.productId], 0, ref);
    } else {
      const claim = await claimStock(tx, line.productId, line.quantity, line.variantId ?? null);
      if (!claim.ok) throw new CheckoutFailure(claim.left > 0 ? "short" : "sold_out", name, [line.productId], claim.left, ref);
      if (claim.taken > 0) taken.push({ ...ref, name, quantity: claim.taken });
    }
  }
  await recordStockTaken(tx, orderId, taken);
  return taken;
}

/**
 * The checkout's discount code: one use claimed for the new order in its transaction, after
 * its pieces (lib/discounts/service.ts: a conditional increment under the limit, a unique
 * row per order). Refused — used up meanwhile, expired, this email's uses spent — it fails
 * like a sold piece: the transaction rolls back and the authorisation is voided.
 */
async function claimDiscount(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number, contact: OrderContact) {
  if (!checkout.discountCode) return;
  const refusal = await claimDiscountUse(tx, { code: checkout.discountCode, orderId, email: contact.email, amount: decimalToCents(checkout.discount) });
  if (refusal) throw new CheckoutFailure("discount_refused", checkout.discountCode, undefined, 0, undefined, refusal);
}

/**
 * A commission's quote is paid once: claimed for the new order in its transaction
 * (lib/commissions/service.ts claimQuoteForOrder: open → paid, the commission accepted). Paid
 * meanwhile through another checkout, replaced, declined or long expired, it fails like a sold
 * piece: everything rolls back and the authorisation is voided.
 */
async function claimQuote(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number) {
  if (!checkout.quoteId) return;
  const galleryConsent = Boolean((checkout.contact as { galleryConsent?: boolean } | null)?.galleryConsent);
  const refusal = await claimQuoteForOrder(tx, checkout.quoteId, orderId, { galleryConsent });
  if (refusal) throw new CheckoutFailure("quote_refused", refusal);
}

/**
 * The checkout's gift cards pay their parts in the order's transaction, after the discount:
 * a conditional decrement per card (lib/gift-cards/service.ts). A card spent meanwhile fails
 * like a sold piece: everything rolls back (no card loses a cent) and the authorisation is voided.
 */
async function takeGiftCards(tx: Prisma.TransactionClient, checkout: Checkout, orderId: number) {
  const applied = ((checkout.giftCards ?? []) as Array<{ code: string; amount: string }>).map((g) => ({ code: g.code, amount: toCents(g.amount) }));
  const short = await redeemGiftCards(tx, orderId, applied);
  if (short) throw new CheckoutFailure("gift_card_short", short);
}

/**
 * Gift cards bought with this order: one card per unit at the line's price, issued in the
 * order's transaction, for the recipient the shopper named (else the shopper); their codes
 * are emailed once the payment is captured (announceOrder).
 */
async function issueGiftCards(tx: Prisma.TransactionClient, checkout: Checkout, order: OrderWithItems, contact: OrderContact): Promise<IssuedGiftCard[]> {
  const recipientEmail = ((checkout.contact ?? {}) as { giftRecipientEmail?: string | null }).giftRecipientEmail || contact.email;
  const issued: IssuedGiftCard[] = [];
  for (const line of checkoutLines(checkout).filter((l) => l.giftCard)) {
    // The order line it was bought with: a refund of that line refunds its cards.
    const orderItemId = order.items.find((i) => i.productId === line.productId)?.id ?? null;
    for (let unit = 0; unit < line.quantity; unit++) {
      const card = await issueGiftCard({ amount: toCents(line.price), recipientEmail, orderId: order.id, orderItemId }, tx);
      issued.push({ code: card.code, amount: card.initialAmount, recipientEmail });
    }
  }
  return issued;
}

/** The buyer's customer row; the newsletter opt-in is recorded after the order (subscribeAtCheckout), which keeps the flag. */
async function upsertCustomer(tx: Prisma.TransactionClient, contact: OrderContact) {
  return tx.customer.upsert({
    where: { email: contact.email },
    create: { email: contact.email, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone },
    update: { firstName: contact.firstName, lastName: contact.lastName, ...(contact.phone ? { phone: contact.phone } : {}) },
  });
}

/** One transaction: claim the pieces, record the order, close the checkout, empty the server cart. */
async function recordOrder(checkout: Checkout, contact: OrderContact): Promise<Finalized> {
  const lines = checkoutLines(checkout);
  const address = checkout.shippingAddress as unknown as Address;
  return prisma.$transaction(
    async (tx) => {
      // Serialise finalisations of this checkout (browser and webhook may race).
      const [locked] = await tx.$queryRaw<Array<{ status: string; orderId: number | null }>>`
        SELECT "status"::text AS status, "orderId" FROM "Checkout" WHERE "id" = ${checkout.id} FOR UPDATE`;
      if (locked?.status === "completed" && locked.orderId) return { order: await loadOrder(tx, locked.orderId), created: false };
      assertOpen(locked?.status);
      const now = new Date();
      const customer = await upsertCustomer(tx, contact);
      const order = await tx.order.create({
        data: {
          orderNumber: `ORD-${now.getTime()}-${checkout.id}`,
          customerId: customer.id,
          firstName: contact.firstName,
          lastName: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          status: "confirmed",
          // Not taken until the capture step says so (a process that dies before it leaves it to the upkeep).
          capture: "unknown",
          shippingAddress: address,
          billingAddress: address,
          subtotal: checkout.subtotal,
          shipping: checkout.shipping,
          shippingService: checkout.shippingService ?? SHIPPING_SERVICE,
          tax: checkout.tax,
          taxLines: checkout.taxLines ?? [],
          taxMode: taxSettings().mode,
          taxCalculationId: checkout.taxCalculationId,
          discount: checkout.discount,
          discountCode: checkout.discountCode,
          giftCardAmount: checkout.giftCardAmount,
          total: checkout.total,
          balanceDue: checkout.balanceDue,
          stripePaymentIntentId: checkout.paymentIntentId!,
          paymentProvider: checkout.provider,
          items: {
            create: lines.map((l) => ({
              productId: l.quoteId ? null : l.productId,
              productName: l.name,
              price: l.price,
              quantity: l.quantity,
              total: fromCents(toCents(l.price) * l.quantity),
              ships: l.ships ?? null,
              shipsMinDays: l.shipDays?.min ?? null,
              shipsMaxDays: l.shipDays?.max ?? null,
              discount: l.discount ?? "0.00",
              tax: l.tax ?? "0.00",
              variantId: l.variantId ?? null,
              variantSku: l.variantSku ?? null,
              variantLabel: l.variantLabel ?? null,
            })),
          },
        },
        include: orderWithItems,
      });
      const stockTaken = await claimPieces(tx, order.id, lines);
      await claimQuote(tx, checkout, order.id);
      await claimDiscount(tx, checkout, order.id, contact);
      await takeGiftCards(tx, checkout, order.id);
      const giftCardsIssued = await issueGiftCards(tx, checkout, order, contact);
      await appendOrderEvent(tx, order.id, "created", { total: order.total.toFixed(2), items: order.items.length, provider: checkout.provider }, { actor: "system" });
      await tx.checkout.update({ where: { id: checkout.id }, data: { status: "completed", orderId: order.id, failureReason: null } });
      await tx.cartItem.deleteMany({ where: { sessionId: checkout.sessionId } });
      // Consent given with a purchase: confirmed at once; an address that had unsubscribed confirms anew.
      const newsletter = contact.newsletter ? await subscribeAtCheckout(tx, contact.email, { orderNumber: order.orderNumber, ip: null, now }) : null;
      return { order, created: true, stockTaken, giftCardsIssued, newsletterConfirm: newsletter?.confirm ?? null };
    },
    { maxWait: 20_000, timeout: 30_000 },
  );
}

/**
 * Takes the authorised money (lib/checkout/capture-service.ts): captured, or pending while the provider is
 * asked what became of it, or failed with its authorisation released. The timeline names what the card paid.
 */
async function capturePayment(order: OrderWithItems, intent: PaymentIntentInfo): Promise<OrderWithItems> {
  return captureOrderPayment(order, intent);
}

/**
 * Stripe Tax: the sale goes on record for tax (a transaction from the checkout's calculation, under
 * the order number) once the money is taken, never for an authorisation that may still be voided.
 * A failure does not undo the paid order: it is logged and on the timeline (a refund records it first).
 */
async function recordTax(order: OrderWithItems) {
  if (!order.taxCalculationId || order.taxTransactionId || order.capture !== "captured") return;
  await recordTaxTransaction(order);
}

/** Sold pieces leave the shop and changed counts show at the next request; the shopper and the maker get their emails. */
async function announceOrder(order: OrderWithItems, lines: CheckoutLine[], stockTaken: StockTaken[], giftCards: IssuedGiftCard[]) {
  const soldUnique = lines.filter((l) => l.uniqueItem);
  const counted = new Set(stockTaken.map((t) => t.productId));
  const slugs = lines.filter((l) => l.uniqueItem || counted.has(l.productId)).map((l) => l.slug);
  if (slugs.length) await expireCatalog({ slugs, gallery: soldUnique.length > 0 });
  await sendOrderEmails(order).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "order emails failed"));
  if (giftCards.length && order.capture === "captured")
    await sendGiftCardEmails(order, giftCards).catch((error) => log.error({ orderNumber: order.orderNumber, err: error }, "gift card emails failed"));
}

/** Voids the authorisation, marks the checkout failed, and returns the 409 the shopper sees. */
async function releaseOnFailure(checkout: Checkout, failure: CheckoutFailure): Promise<AppError> {
  const reason = failureMessage(failure.failure, failure.productName, failure.left, failure.discountRefusal);
  const paymentIntentId = checkout.paymentIntentId!;
  const provider = getPaymentProvider();
  try {
    // Paid entirely by gift cards: nothing was authorised (the rolled-back transaction took nothing from the cards).
    const intent = paidByGiftCards(paymentIntentId) ? null : await provider.retrieveIntent(paymentIntentId);
    if (intent && intent.status !== "canceled" && intent.status !== "succeeded") await provider.cancelIntent(paymentIntentId, `cancel-${paymentIntentId}`);
  } catch (error) {
    log.error({ checkoutId: checkout.id, paymentIntentId, err: error }, "could not cancel payment");
  }
  await prisma.checkout.updateMany({ where: { id: checkout.id, status: "open" }, data: { status: "failed", failureReason: reason } });
  const stock = failure.failure === "sold_out" || failure.failure === "short";
  const left = stock && !failure.line?.variantId ? { left: Object.fromEntries((failure.unavailable ?? []).map((id) => [id, failure.left])) } : {};
  // Which line, named, with what is left: the checkout's toast says it and the cart flags that line (a variant's, not its siblings').
  const line =
    failure.line && failure.failure !== "price_changed" && failure.failure !== "amount_mismatch"
      ? {
          code: failure.failure,
          lines: [
            {
              ...failure.line,
              name: failure.productName,
              code: failure.failure,
              ...(stock ? { left: failure.left } : {}),
              message: unavailableMessage(failure.failure as UnavailableCode, failure.left),
            },
          ],
        }
      : {};
  return new AppError("conflict", reason, undefined, failure.unavailable ? { unavailable: failure.unavailable, ...left, ...line } : undefined);
}

/** Marks a checkout failed or cancelled when the provider says so (webhook). */
export async function markCheckoutClosed(paymentIntentId: string, status: "failed" | "cancelled", reason: string) {
  await prisma.checkout.updateMany({ where: { paymentIntentId, status: "open" }, data: { status, failureReason: reason } });
}
