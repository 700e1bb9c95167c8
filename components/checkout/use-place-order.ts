"use client";

import type { AppliedDiscount } from "@/lib/checkout/discount-totals";
import { clearStoredDiscountCode } from "@/components/checkout/use-discount-code";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { useCart } from "@/lib/cart/store";
import type { CartItem } from "@/lib/cart/types";
import type { CheckoutFormValues } from "@/lib/checkout/schemas";
import { createOrder, type PaymentIntentResponse } from "@/components/checkout/checkout-api";
import { isApiRequestError } from "@/components/api/request-json";
import { orderPayload } from "@/components/checkout/checkout-totals";
import type { PaymentHandle } from "@/components/checkout/payment-handle";
import { clearPendingCheckout, savePendingCheckout } from "@/components/checkout/pending-checkout";
import { recheckCart, toastStockRefusal } from "@/components/checkout/recheck-cart";

export const LAST_ORDER_KEY = "lastOrderNumber";

export const ORDER_FAILED = {
  title: "Order creation failed",
  description: "Payment succeeded but order creation failed. Please contact support.",
} as const;

type Options = {
  items: CartItem[];
  paymentHandle: React.RefObject<PaymentHandle | null>;
  ensureIntent: () => Promise<PaymentIntentResponse | null>;
  prepareAgain: () => void;
  /** The discount code the server priced, if any (the payload's totals). */
  discount: AppliedDiscount | null;
  /** Called just before the cart is cleared, so the page shows "redirecting" rather than an empty cart. */
  onPlaced: (orderNumber: string) => void;
};

/**
 * Records a successful order in the browser (spec §4): clear the cart, remember the number, toast, go to the confirmation.
 * A commission's quote was not bought from the cart: `keepCart` leaves the cart and its discount code as they are.
 */
export function rememberOrder(orderNumber: string, { keepCart = false }: { keepCart?: boolean } = {}) {
  if (!keepCart) useCart.getState().clearCart();
  try {
    window.localStorage.setItem(LAST_ORDER_KEY, orderNumber);
  } catch {
    // Private mode: the confirmation URL still carries the number.
  }
  clearPendingCheckout();
  if (!keepCart) clearStoredDiscountCode();
}

/**
 * Submitting the checkout: confirm the card with the provider form, then
 * POST /api/orders with the spec's payload (the server trusts only the payment
 * intent and its own checkout record) and finish in the browser.
 */
export function usePlaceOrder({ items, paymentHandle, ensureIntent, prepareAgain, discount, onPlaced }: Options) {
  const router = useRouter();

  async function finishOrder(values: CheckoutFormValues, paymentIntentId: string, clientSecret: string | null) {
    let orderNumber: string;
    try {
      ({ orderNumber } = await createOrder(orderPayload(values, items, paymentIntentId, clientSecret, discount)));
    } catch (error) {
      if (isApiRequestError(error) && error.status === 409) {
        // A one-of-a-kind piece went to someone else, or a count ran short: the authorisation was cancelled.
        if (!toastStockRefusal(error, "Your card has not been charged. Your cart shows what is left.")) toast.error(error.message);
        prepareAgain();
        void recheckCart(error);
        return;
      }
      if (isApiRequestError(error) && error.status === 402) {
        toast.error("Payment failed", { description: error.message });
        return;
      }
      console.error("Order creation failed", error);
      toast.error(ORDER_FAILED.title, { description: ORDER_FAILED.description });
      return;
    }
    onPlaced(orderNumber);
    rememberOrder(orderNumber);
    toast.success("Order submitted!", {
      description: values.newsletter ? "You've also been subscribed to our newsletter." : "Your order has been successfully placed.",
    });
    router.push(`/order-confirmation?order=${encodeURIComponent(orderNumber)}`);
  }

  return async function placeOrder(values: CheckoutFormValues) {
    const handle = paymentHandle.current;
    if (!handle) {
      toast.error("Payment failed", { description: "The payment form is not ready yet. Please try again in a moment." });
      return;
    }
    if (!handle.validate({ focus: true })) return;
    try {
      const intent = await ensureIntent();
      if (!intent) return; // the payment card says why (conflict, failure)
      if (intent.provider === "stripe") {
        savePendingCheckout({
          paymentIntentId: intent.paymentIntentId,
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          phone: values.phone ?? "",
          newsletter: values.newsletter,
        });
      }
      const outcome = await handle.confirm(intent, {
        name: `${values.firstName} ${values.lastName}`,
        email: values.email,
        phone: values.phone,
      });
      if (!outcome.ok) {
        if (outcome.prepareAgain) prepareAgain();
        return;
      }
      await finishOrder(values, outcome.paymentIntentId, intent.clientSecret);
    } catch (error) {
      console.error("Payment failed", error);
      const message = error instanceof Error ? error.message : String(error);
      toast.error("Payment failed", { description: `An unexpected error occurred: ${message}` });
    }
  };
}
