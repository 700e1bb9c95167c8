import "server-only";
import type { UnavailableCode } from "@/lib/cart/messages";
import { giftCardShortMessage } from "@/lib/gift-cards/service";
import { refusalMessage, type DiscountRefusal } from "@/lib/discounts/service";

/**
 * Why an authorised checkout cannot become an order: a step of finalisation throws a CheckoutFailure,
 * and finalizeOrder hands it once to releaseOnFailure (the authorisation voided, the shopper told why).
 */

/** Why an authorised checkout cannot become an order; callers branch on the code, never on the message. */
export type CheckoutFailureCode = UnavailableCode | "price_changed" | "amount_mismatch" | "discount_refused" | "gift_card_short" | "quote_refused";

/** A finalisation that must void the authorisation: thrown by a step, handled once by releaseOnFailure. */
export class CheckoutFailure extends Error {
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
export function failureMessage(failure: CheckoutFailureCode, productName: string, left: number, discountRefusal: DiscountRefusal = "used_up"): string {
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
