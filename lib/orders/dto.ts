import type { OrderWithItems } from "@/lib/orders/order-row";
import { trackingUrl } from "@/lib/orders/shipping";
import { lineName } from "@/lib/catalog/variants";
import type { TaxLine } from "@/lib/tax/display";
import { boughtCard, boughtCardsRefund, goodsLines } from "@/lib/gift-cards/rules";
import { fromCents, decimalToCents } from "@/lib/money";
import { orderStatement, statementRows } from "@/lib/orders/statement";
import { orderShipsEstimate } from "@/lib/orders/promise";
import { movedMoney } from "@/lib/orders/archive";

/**
 * What a refund can still return: `whole` for the rest of the order, `asAmount` by an amount
 * (a gift card the order bought is refunded only with its line, for what is left on it:
 * lib/gift-cards/rules.ts boughtCardsRefund, the rule the refund itself applies).
 */
function refundableOf(o: OrderWithItems) {
  const remaining = Math.max(0, decimalToCents(o.total) - decimalToCents(o.balanceDue) - decimalToCents(o.refundedAmount));
  const cards = o.giftCardsBought.map((g) =>
    boughtCard({ ...g, initialAmount: decimalToCents(g.initialAmount), balance: decimalToCents(g.balance), refundedAmount: decimalToCents(g.refundedAmount) }),
  );
  const rule = boughtCardsRefund(cards, remaining);
  return { whole: fromCents(rule.whole), asAmount: fromCents(rule.otherLeft) };
}

/** An order's lines as its emails name them: the product's name with the variant's label ("Dowel Jig — Size: 8 mm"). */
export function namedItems<T extends { productName: string; variantLabel?: string | null }>(items: T[]): T[] {
  return items.map((i) => ({ ...i, productName: lineName(i.productName, i.variantLabel) }));
}

/** An order as the API shows it (money as decimal strings). */
export function toOrderDTO(o: OrderWithItems) {
  const goods = new Set(goodsLines(o.items, o.giftCardsBought).map((i) => i.id));
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    items: o.items.map((i) => ({
      id: i.id,
      refunded: i.refunded,
      productId: i.productId,
      productName: i.productName,
      // The variant bought, as the order line keeps it (absent for a product without variants); `name` says both.
      ...(i.variantSku ? { variantId: i.variantId, variantSku: i.variantSku, variantLabel: i.variantLabel } : {}),
      name: lineName(i.productName, i.variantLabel),
      quantity: i.quantity,
      price: i.price.toFixed(2),
      total: i.total.toFixed(2),
      /** The line's share of the discount code (a line refund returns total − discount + tax). */
      discount: i.discount.toFixed(2),
      tax: i.tax.toFixed(2),
      /** What the line was promised at checkout ("Made to order — ships in 15–20 working days"; null on older lines). */
      ships: i.ships,
      /** A gift card this order bought: sent by email, never shipped, packed or reviewed. */
      giftCard: !goods.has(i.id),
    })),
    /** "Your order ships in 15–20 working days": the order's own lead time (lib/orders/promise.ts), null when unknown. */
    shipsEstimate: orderShipsEstimate(o.items),
    subtotal: o.subtotal.toFixed(2),
    shipping: o.shipping.toFixed(2),
    shippingService: o.shippingService,
    tax: o.tax.toFixed(2),
    /** The tax by jurisdiction: [] when none was charged. */
    taxLines: (Array.isArray(o.taxLines) ? o.taxLines : []) as TaxLine[],
    discount: o.discount.toFixed(2),
    discountCode: o.discountCode,
    total: o.total.toFixed(2),
    /** A commission paid with a deposit: what is still due of the total ("0.00" once paid or for any other order). */
    balanceDue: o.balanceDue.toFixed(2),
    /** The card payments after the first (a commission's balance): amount, and whether it was taken. */
    payments: o.payments.map((p) => ({ paymentIntentId: p.paymentIntentId, amount: p.amount.toFixed(2), captured: p.captured, createdAt: p.createdAt.toISOString() })),
    stripePaymentIntentId: o.stripePaymentIntentId,
    paymentProvider: o.paymentProvider,
    /** Paid with the test card form: no money moved, never revenue. */
    testPayment: o.paymentProvider === "test",
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
    refundedAmount: o.refundedAmount.toFixed(2),
    /** The order's money as one statement (lib/orders/statement.ts): subtotal, discount, shipping, tax, total, each gift card and card payment, balance due, refunds and net; signed cents and display text per row. */
    statement: statementRows(orderStatement(o)),
    refundable: refundableOf(o),
    disputed: o.disputed,
    /** Archived instead of deleted: out of the lists, kept for the books. */
    archivedAt: o.archivedAt?.toISOString() ?? null,
    /** Whether deleting it archives it (lib/orders/archive.ts; the delete itself also counts its refund and gift-card rows). */
    movedMoney: movedMoney({
      stripePaymentIntentId: o.stripePaymentIntentId,
      giftCardAmount: o.giftCardAmount,
      refundedAmount: o.refundedAmount,
      payments: o.payments.length,
      refunds: o.refunds.length,
      giftCardMovements: o.giftCardMovements.length,
    }),
    /** The commission this order paid a quote of, or null. */
    commission: o.commissionQuote ? { id: o.commissionQuote.commission.id, reference: o.commissionQuote.commission.reference } : null,
  };
}
