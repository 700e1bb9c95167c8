import "server-only";
import { addressSchema, type Address } from "@/lib/checkout/api-schemas";
import { shipDays, shippingPromise } from "@/lib/inventory/stock";
import { authoriseCheckout, priceTax, withLineTax, type CheckoutLine, type CheckoutSnapshot } from "@/lib/checkout/service";
import { commissionLineName } from "@/lib/commissions/rules";
import { balanceOrderDelivery, openQuote, type BalanceOrder, type QuoteView } from "@/lib/commissions/service";
import { contactOf } from "@/lib/checkout/record";
import { AppError } from "@/lib/errors";
import { fromCents } from "@/lib/money";
import { z } from "@/lib/zod";

/**
 * Paying a commission's quote through the shop's own checkout. The quote link's page
 * sends the shopper's contact and address; the server prices the one line from the quote (never
 * from the browser), adds the tax for the address (lib/tax, as a cart's checkout), and opens the
 * quote's checkout with an authorise-only intent (lib/checkout/service.ts authoriseCheckout). From
 * there the order is made as every order is: POST /api/orders or the payment webhook →
 * finalizeOrder, which claims the quote in the order's transaction (paid once) and captures.
 *
 * With a deposit, the order is priced whole (the piece, shipping, tax) and the card authorises
 * the deposit only; the rest is the order's balance due. The maker's balance link is a quote
 * naming that order: paying it is a second payment of the same order (no address, no new tax).
 */

const text = (max: number) => z.string().trim().max(max);

export const quotePaymentSchema = z.object({
  email: text(254).optional().nullable(),
  firstName: text(100).optional().nullable(),
  lastName: text(100).optional().nullable(),
  phone: text(40).optional().nullable(),
  newsletter: z.boolean().optional().default(false),
  /** The shopper agrees that the finished piece may be shown in the gallery. */
  galleryConsent: z.boolean().optional().default(false),
  /** Required for a quote; a balance link ships to the order's own address (anything sent is ignored). */
  shippingAddress: z.optional(addressSchema),
  /** What the page shows before tax, in cents: compared with the quote, never used. */
  amount: z.number().int().min(0).max(100_000_000).optional(),
});
export type QuotePayment = z.output<typeof quotePaymentSchema>;

export const QUOTE_AMOUNT_CHANGED = "This quote's amount is not what your page shows. Please reload the quote before paying.";

/** The quote a link names, if it can be paid now; else the refusal the page and the API give (a paid quote names its order). */
async function payableQuote(token: string) {
  const opened = await openQuote(token);
  if (!opened.ok) throw new AppError(opened.code, opened.message, undefined, opened.orderNumber ? { orderNumber: opened.orderNumber } : undefined);
  return opened;
}

/** The order line a quote becomes: the piece, at the quote's price, shipping in the quoted lead time. */
function quoteLine(quote: QuoteView, commission: { reference: string; description: string }): CheckoutLine {
  const promise = { state: "made_to_order" as const, days: { min: quote.leadTimeMinDays, max: quote.leadTimeMaxDays } };
  return {
    productId: 0,
    quoteId: quote.id,
    slug: "",
    name: commissionLineName(commission.reference, commission.description),
    price: fromCents(quote.priceCents),
    quantity: 1,
    uniqueItem: false,
    ships: shippingPromise(promise),
    shipDays: shipDays(promise),
  };
}

/** Each quote has a checkout session of its own: no cart's checkout is ever reused for it (authoriseCheckout also keys on the quote). */
const quoteSession = (quoteId: number) => `quote-${quoteId}`;

/** POST /api/quotes/{token}/payment: the quote's checkout and its authorisation, with the amounts the page shows. */
export async function prepareQuotePayment(token: string, data: QuotePayment) {
  const { quote, commission, balanceOf } = await payableQuote(token);
  if (data.amount !== undefined && data.amount !== quote.total) throw new AppError("conflict", QUOTE_AMOUNT_CHANGED, undefined, { total: fromCents(quote.total) });
  if (balanceOf) return prepareBalancePayment(quote, balanceOf);
  const sessionId = quoteSession(quote.id);
  if (!data.shippingAddress) throw new AppError("bad_request", "Enter your shipping address", { shippingAddress: "Enter your shipping address" });
  const address: Address = data.shippingAddress;
  const line = quoteLine(quote, commission);
  const tax = await priceTax([line], quote.shippingCents, address, sessionId);
  const total = quote.total + tax.amount;
  // With a deposit the card pays the deposit now; the rest (tax included) is the order's balance.
  const cardAmount = quote.deposit ?? total;
  const snapshot: CheckoutSnapshot = {
    items: withLineTax([line], tax),
    contact: { ...contactOf(data), galleryConsent: data.galleryConsent },
    shippingAddress: address,
    subtotal: fromCents(quote.priceCents),
    shipping: fromCents(quote.shippingCents),
    tax: fromCents(tax.amount),
    taxLines: tax.lines,
    taxCalculationId: tax.calculationId,
    taxKey: tax.key,
    total: fromCents(total),
    balanceDue: fromCents(total - cardAmount),
  };
  const intent = await authoriseCheckout({ sessionId, quoteId: quote.id }, snapshot, cardAmount);
  return {
    ...intent,
    subtotal: fromCents(quote.priceCents),
    shipping: fromCents(quote.shippingCents),
    discount: "0.00",
    discountCode: null,
    tax: fromCents(tax.amount),
    taxLines: tax.lines,
    giftCardAmount: "0.00",
    total: fromCents(total),
    cardAmount: fromCents(cardAmount),
    balanceDue: fromCents(total - cardAmount),
  };
}

/**
 * A balance link: the rest of the deposit order, authorised on a checkout of its own that names
 * the order (finalizeOrder then records a second payment of it, never a new order). Its checkout
 * records the contact and address the order was placed with (read here, never shown by the link); its tax was priced then.
 */
async function prepareBalancePayment(quote: QuoteView, order: BalanceOrder) {
  const amount = fromCents(quote.priceCents);
  const delivery = await balanceOrderDelivery(order.id);
  const snapshot: CheckoutSnapshot = {
    items: [],
    contact: { email: order.email, firstName: order.firstName, lastName: order.lastName, phone: delivery.phone, newsletter: false },
    shippingAddress: delivery.shippingAddress,
    subtotal: amount,
    shipping: "0.00",
    total: amount,
    balanceOrderId: order.id,
  };
  const intent = await authoriseCheckout({ sessionId: quoteSession(quote.id), quoteId: quote.id }, snapshot, quote.priceCents);
  return {
    ...intent,
    subtotal: amount,
    shipping: "0.00",
    discount: "0.00",
    discountCode: null,
    tax: "0.00",
    taxLines: [],
    giftCardAmount: "0.00",
    total: amount,
    cardAmount: amount,
    balanceDue: "0.00",
    orderNumber: order.orderNumber,
  };
}
