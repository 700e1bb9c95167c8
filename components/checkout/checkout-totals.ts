import type { CartItem } from "@/lib/cart/types";
import { discountedTotals, type AppliedDiscount } from "@/lib/checkout/discount-totals";
import { SHIPPING_SERVICE } from "@/lib/checkout/pricing";
import type { CheckoutFormValues, ShippingAddress } from "@/lib/checkout/schemas";
import { fromCents, toCents } from "@/lib/money";
import type { OrderPayload, PaymentIntentRequest } from "@/components/checkout/checkout-api";

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

/** The lines as the server takes them: a product, its variant when it has one, and a quantity. */
export function cartLines(items: CartItem[]) {
  return items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity }));
}

type ContactSoFar = { email?: string; firstName?: string; lastName?: string; phone?: string; newsletter?: boolean };

/** The create-payment-intent body: contact details only as far as they are filled in (and the email only once valid). */
export function paymentIntentRequest(
  sessionId: string,
  items: CartItem[],
  address: ShippingAddress,
  contact: ContactSoFar,
  emailValid: boolean,
  discount: (AppliedDiscount & { code: string }) | null = null,
  giftCards: string[] = [],
): PaymentIntentRequest {
  const { total } = discountedTotals(items, { discount });
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
