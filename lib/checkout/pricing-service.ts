import "server-only";
import { lineKey } from "@/lib/cart/types";
import { unavailableMessage, type UnavailableCode } from "@/lib/cart/messages";
import { availabilityOf, lineAvailability, maxOrderQuantity, PRODUCT_STOCK_FIELDS, shipDays, shippingPromise, STOCK_FIELDS } from "@/lib/inventory/stock";
import { readOptions } from "@/lib/catalog/mappers";
import { lineName, variantLabel, variantStock } from "@/lib/catalog/variants";
import { type Address, type CartShippingRequest, type CreatePaymentIntent, type DiscountPreview, type ShippingOptionsRequest } from "@/lib/checkout/api-schemas";
import { discountedTotals } from "@/lib/checkout/discount-totals";
import { prisma, Prisma } from "@/lib/db";
import { priceGiftCards } from "@/lib/gift-cards/service";
import type { AppliedGiftCard } from "@/lib/gift-cards/rules";
import { priceDiscountCode, refuseNothingOff, type PricedDiscount } from "@/lib/discounts/service";
import { AppError } from "@/lib/errors";
import { fromCents, decimalToCents, toCents } from "@/lib/money";
import { priceOrderTax, taxInputKey, taxSettings, type OrderTax } from "@/lib/tax/service";
import type { TaxLine } from "@/lib/tax/display";
import { checkoutShippingOptionsDTO, priceCheckoutShipping, shippingBeforeAddress } from "@/lib/shipping/service";
import type { ShipLine } from "@/lib/shipping/rules";
import { checkoutLines, type CheckoutLine } from "@/lib/checkout/record";

/**
 * Pricing a checkout, by the server alone: the cart's lines from the database (what can still be
 * bought), the shipping for the address, the discount code, the tax, then the gift cards. Nothing is
 * claimed here: the order's transaction (finalize-service.ts) does that.
 */

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
const BOX_SIDES = { innerLengthMm: true, innerWidthMm: true, innerHeightMm: true } as const;
type BoxSides = { innerLengthMm: number; innerWidthMm: number; innerHeightMm: number };

/** A line's parcel size: its box (the variant's own, else the product's), else the product's own dimensions, else none. */
function packageSize(box: BoxSides | null | undefined, own: { lengthMm: number | null; widthMm: number | null; heightMm: number | null }): { size?: [number, number, number] } {
  if (box) return { size: [box.innerLengthMm, box.innerWidthMm, box.innerHeightMm] };
  if (own.lengthMm && own.widthMm && own.heightMm) return { size: [own.lengthMm, own.widthMm, own.heightMm] };
  return {};
}

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
      ...PRODUCT_STOCK_FIELDS,
      giftCard: true,
      options: true,
      weightGrams: true,
      freightPrice: true,
      contactForDelivery: true,
      lengthMm: true,
      widthMm: true,
      heightMm: true,
      box: { select: BOX_SIDES },
      category: { select: { active: true } },
      _count: { select: { variants: true } },
    },
  });
  const variants = variantIds.length
    ? await prisma.productVariant.findMany({
        where: { id: { in: variantIds } },
        select: {
          id: true,
          productId: true,
          sku: true,
          optionValues: true,
          price: true,
          ...STOCK_FIELDS,
          weightGrams: true,
          box: { select: BOX_SIDES },
        },
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
      ...packageSize(variant?.box ?? p.box, p),
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
export function assertAvailable(unavailable: PricedCart["unavailable"]) {
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
  const lines = checkoutLines(checkout);
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

/** POST /api/shipping/rates: the ways this cart can reach this address (lib/shipping), for the shopper to choose; 409 naming what can no longer be bought. */
export async function shippingOptions(data: ShippingOptionsRequest) {
  const priced = await priceCart(data.items);
  assertAvailable(priced.unavailable);
  return checkoutShippingOptionsDTO(priced.lines.map(shipLine), data.shippingAddress);
}

/**
 * POST /api/shipping/estimate: the cart page's shipping line before an address is known — the lines that can
 * still be bought, priced by every zone the shop ships to (lib/shipping/service.ts shippingBeforeAddress); null
 * when it depends on the address ("At checkout"). Checkout prices the same lines again for the address.
 */
export async function cartShippingEstimate(data: CartShippingRequest): Promise<{ shipping: string | null }> {
  const priced = await priceCart(data.items);
  const amount = await shippingBeforeAddress(priced.lines.map(shipLine));
  return { shipping: amount === null ? null : fromCents(amount) };
}

/** Each line carries its part of the tax, so a line refund returns what that line was paid. */
export const withLineTax = (lines: CheckoutLine[], tax: OrderTax): CheckoutLine[] => (tax.amount ? lines.map((l) => ({ ...l, tax: fromCents(tax.perLine[lineKey(l)] ?? 0) })) : lines);

export type PricedCheckout = Awaited<ReturnType<typeof priceCheckout>>;

/**
 * POST /api/create-payment-intent's price, in order: the cart's lines (409 naming what can no longer be
 * bought), shipping for the full address and the cart's parcels (lib/shipping), the discount code, the
 * tax for the address, then the gift cards. The client's `amount` is what its page shows before tax (spec
 * §7: subtotal plus shipping, less the discount): another total is refused (409) before tax is priced.
 */
export async function priceCheckout(data: CreatePaymentIntent) {
  const priced = await priceCart(data.items);
  assertAvailable(priced.unavailable);
  // Shipping for the full address and the cart's parcels (lib/shipping), by the server alone.
  const shipment = await priceCheckoutShipping(priced.lines.map(shipLine), data.shippingAddress, data.shippingMethod, data.shippingRate);
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
  return { lines, shippingService: shipment.service, tax, giftCards, giftCardAmount, cardAmount, amounts };
}
