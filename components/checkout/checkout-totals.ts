import type { CartItem } from "@/lib/cart/types";
import { discountedTotals, type AppliedDiscount } from "@/lib/checkout/discount-totals";
import { SHIPPING_SERVICE } from "@/lib/checkout/pricing";
import type { CheckoutFormValues, ShippingAddress } from "@/lib/checkout/schemas";
import { fromCents, toCents, type Cents } from "@/lib/money";
import type { OrderPayload, PaymentIntentRequest, PaymentIntentResponse } from "@/components/checkout/checkout-api";
import type { DiscountedTotals } from "@/lib/checkout/discount-totals";
import { taxLinesNote } from "@/lib/tax/display";

/** The address as it will be sent: trimmed, empty line2 dropped, country defaulting to US. */
export function cleanAddress(addr: Partial<Record<keyof ShippingAddress, string | null | undefined>> | undefined): ShippingAddress {
  const t = (v: string | null | undefined) => (v ?? "").trim();
  const line2 = t(addr?.line2);
  return {
    line1: t(addr?.line1),
    ...(line2 ? { line2 } : {}),
    city: t(addr?.city),
    state: t(addr?.state),
    postalCode: t(addr?.postalCode),
    country: t(addr?.country).toUpperCase() || "US",
  };
}

/**
 * The checkout's tax: the server's answer for the current cart and address (POST /api/create-payment-intent,
 * lib/tax), added to the page's totals, with the jurisdictions and rates as the Tax row's note ($0.00 and
 * no note until the server has answered for this address, and always in estimate mode).
 */
export function checkoutTax(answered: Pick<PaymentIntentResponse, "tax" | "taxLines"> | null) {
  const amount = answered ? toCents(answered.tax) : 0;
  const note = answered ? taxLinesNote(answered.taxLines ?? []) : undefined;
  return { amount, note, totals: (t: DiscountedTotals): DiscountedTotals => ({ ...t, tax: amount, total: t.total + amount }) };
}

/** The lines as the server takes them: a product, its variant when it has one, and a quantity. */
export function cartLines(items: CartItem[]) {
  return items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity }));
}

type ContactSoFar = { email?: string; firstName?: string; lastName?: string; phone?: string; newsletter?: boolean; giftRecipientEmail?: string };

/** The create-payment-intent body: contact details only as far as they are filled in (and the email only once valid). */
export function paymentIntentRequest(
  sessionId: string,
  items: CartItem[],
  address: ShippingAddress,
  contact: ContactSoFar,
  emailValid: boolean,
  discount: (AppliedDiscount & { code: string }) | null = null,
  giftCards: string[] = [],
  /** The server's shipping for this cart and address, once it has named it (lib/shipping: zones, weights); else the default zone's. */
  shipping?: Cents,
): PaymentIntentRequest {
  const { total } = discountedTotals(items, { discount, shipping });
  const opt = (v: string | undefined) => {
    const s = (v ?? "").trim();
    return s ? s : undefined;
  };
  return {
    sessionId,
    items: cartLines(items),
    ...(emailValid && opt(contact.email) ? { email: opt(contact.email) } : {}),
    ...(opt(contact.firstName) ? { firstName: opt(contact.firstName) } : {}),
    ...(opt(contact.lastName) ? { lastName: opt(contact.lastName) } : {}),
    ...(opt(contact.phone) ? { phone: opt(contact.phone) } : {}),
    newsletter: Boolean(contact.newsletter),
    // Only for a cart with gift cards; the caller sends it once it is an address (the server checks it again).
    ...(items.some((i) => i.giftCard) && opt(contact.giftRecipientEmail) ? { giftRecipientEmail: opt(contact.giftRecipientEmail) } : {}),
    shippingAddress: address,
    ...(discount ? { discountCode: discount.code } : {}),
    ...(giftCards.length ? { giftCards } : {}),
    amount: total,
  };
}

/** Spec §7 "Order payload at checkout", plus the payment intent the server actually trusts. */
export function orderPayload(values: CheckoutFormValues, items: CartItem[], paymentIntentId: string, clientSecret: string | null, discount: AppliedDiscount | null = null): OrderPayload {
  const { subtotal, shipping, total } = discountedTotals(items, { discount });
  const address = cleanAddress(values.shippingAddress);
  return {
    paymentIntentId,
    ...(clientSecret ? { clientSecret } : {}),
    orderNumber: `ORD-${Date.now()}`,
    status: "confirmed",
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone ?? "",
    shippingAddress: address,
    billingAddress: { ...address },
    items: items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      quantity: i.quantity,
      price: i.price,
      total: fromCents(toCents(i.price) * i.quantity),
    })),
    subtotal: fromCents(subtotal),
    shipping: fromCents(shipping),
    shippingService: SHIPPING_SERVICE,
    tax: fromCents(0),
    total: fromCents(total),
    newsletter: values.newsletter,
  };
}
