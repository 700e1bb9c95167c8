import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { orderContactSchema, type OrderContact } from "@/lib/checkout/api-schemas";
import type { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { decimalToCents } from "@/lib/money";
import type { IssuedGiftCard } from "@/lib/orders/email-service";
import { orderWithItems, type OrderWithItems } from "@/lib/orders/order-row";
import type { StockTaken } from "@/lib/inventory/counts";
import type { subscribeAtCheckout } from "@/lib/newsletter/subscriber-service";

/**
 * The stored checkout (the `Checkout` row) and what every step reads of it: its lines, its amounts,
 * whether gift cards pay it all, its contact. Pure: the steps that read and write the row are the
 * *-service.ts files beside it.
 */

const money = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, "an amount in dollars and cents");

/**
 * One line of a stored checkout (`Checkout.items`, JSON written by the pricing step), read back through this
 * schema rather than cast: a line that is not what checkout wrote is an error naming the field, never a
 * wrong amount.
 */
export const checkoutLineSchema = z.object({
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: money,
  quantity: z.number().int().positive(),
  uniqueItem: z.boolean(),
  /** The promise at checkout (lib/inventory/stock.ts), kept on the order line; absent on checkouts from before lead times and promises. */
  ships: z.string().optional(),
  shipDays: z.object({ min: z.number(), max: z.number() }).nullish(),
  /** This line's share of the discount code, "0.00" or absent without one. */
  discount: money.optional(),
  /** The tax on this line (lib/tax), absent without tax: a line refund returns it. */
  tax: money.optional(),
  /** A gift card: paying issues one card per unit (issueGiftCards). */
  giftCard: z.boolean().optional(),
  /** The variant bought (lib/catalog/variants.ts) and what the order line keeps of it; absent for a product without variants. */
  variantId: z.number().int().optional(),
  variantSku: z.string().optional(),
  variantLabel: z.string().optional(),
  /** A commission's piece: no product, priced from the maker's quote, claimed by claimQuote. */
  quoteId: z.number().int().optional(),
  /** What the catalogue knows of its parcel (lib/shipping): grams per unit (the variant's, else the product's; absent: not weighed), an oversize piece's own freight per unit, a piece delivered by arrangement. */
  weightGrams: z.number().int().optional(),
  freight: money.optional(),
  contactForDelivery: z.boolean().optional(),
  /** Its package's size in mm (its own, or its box's inside), for a carrier's rates. */
  size: z.tuple([z.number(), z.number(), z.number()]).optional(),
});
export type CheckoutLine = z.output<typeof checkoutLineSchema>;
const checkoutLinesSchema = z.array(checkoutLineSchema);

export type CheckoutSnapshot = Omit<Prisma.CheckoutUncheckedCreateInput, "sessionId" | "provider" | "quoteId">;

export const CURRENCY = "usd";

/**
 * Stripe keeps idempotency keys for 24 h per account, so keys must be unique
 * beyond this database (a reset database reuses ids): id + creation time.
 */
export const idempotencyKey = (action: string, checkout: { id: number; createdAt: Date }) => `${action}-${checkout.id}-${checkout.createdAt.getTime()}`;

/**
 * An order paid entirely by gift cards has no card payment: its checkout gets a payment id
 * of its own (`pi_giftcard_…`, so POST /api/orders and finalizeOrder take the same path)
 * and a client secret only the shopper's browser holds (stored hashed). A session's open
 * gift-card checkout is reused, with a new secret.
 */
export const GIFT_CARD_PAYMENT = "pi_giftcard_";
export const paidByGiftCards = (paymentIntentId: string | null | undefined) => Boolean(paymentIntentId?.startsWith(GIFT_CARD_PAYMENT));
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export type Checkout = Prisma.CheckoutGetPayload<object>;
export type Finalized = { order: OrderWithItems; created: boolean; stockTaken?: StockTaken[]; giftCardsIssued?: IssuedGiftCard[]; newsletterConfirm?: CheckoutConfirm };
export type CheckoutConfirm = Awaited<ReturnType<typeof subscribeAtCheckout>>["confirm"];

/** What the card pays of a checkout now: its total less its gift cards and, for a deposit, less the balance paid later. */
export const cardAmountOf = (checkout: Checkout) => decimalToCents(checkout.total) - decimalToCents(checkout.giftCardAmount) - decimalToCents(checkout.balanceDue);
export const loadOrder = (db: Prisma.TransactionClient, id: number) => db.order.findUniqueOrThrow({ where: { id }, include: orderWithItems });
/** A stored checkout's lines, checked (checkoutLineSchema): a malformed row throws, naming the field. */
export function checkoutLines(checkout: Pick<Checkout, "items">): CheckoutLine[] {
  const parsed = checkoutLinesSchema.safeParse(checkout.items);
  if (!parsed.success) throw new Error(`a stored checkout's lines are malformed: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export function assertOpen(status: string | undefined, failureReason?: string | null) {
  if (status !== "open") throw new AppError("conflict", failureReason ?? "This checkout was cancelled. You have not been charged.");
}

/** The contact a checkout row records of what the shopper typed (the order's and the quote's checkout alike); `readContact` reads it back. */
export function contactOf(data: { email?: string | null; firstName?: string | null; lastName?: string | null; phone?: string | null; newsletter: boolean }) {
  return { email: data.email ?? null, firstName: data.firstName ?? null, lastName: data.lastName ?? null, phone: data.phone ?? null, newsletter: data.newsletter };
}

export function readContact(checkout: Checkout): OrderContact {
  const result = orderContactSchema.safeParse(checkout.contact);
  if (!result.success) throw new AppError("bad_request", result.error.issues[0]?.message ?? "Your contact details are incomplete.");
  return result.data;
}
