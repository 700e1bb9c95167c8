"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { getSessionId } from "@/lib/cart/session";
import type { CartItem } from "@/lib/cart/types";
import { discountedTotals } from "@/lib/checkout/discount-totals";
import { DEFAULT_COUNTRY } from "@/lib/checkout/pricing";
import { checkoutFormSchema, isAddressComplete, isValidEmail, type CheckoutFormInput, type CheckoutFormValues } from "@/lib/checkout/schemas";
import { refreshCartAvailability } from "@/components/cart/cart-actions";
import type { ApiRequestError } from "@/components/api/request-json";
import { toCents } from "@/lib/money";
import { cartLines, checkoutTax, cleanAddress, paymentIntentRequest } from "@/components/checkout/checkout-totals";
import { ContactCard } from "@/components/checkout/contact-card";
import { OrderSummary } from "@/components/checkout/order-summary";
import { PaymentCard } from "@/components/checkout/payment-card";
import type { PaymentHandle } from "@/components/checkout/payment-handle";
import { recheckCart, toastStockRefusal } from "@/components/checkout/recheck-cart";
import { ShippingCard } from "@/components/checkout/shipping-card";
import { useDiscountCode } from "@/components/checkout/use-discount-code";
import { usePaymentIntent } from "@/components/checkout/use-payment-intent";
import { usePlaceOrder } from "@/components/checkout/use-place-order";
import { useGuardedSubmit } from "@/components/checkout/use-guarded-submit";

const DEFAULTS: CheckoutFormInput = {
  email: "",
  firstName: "",
  lastName: "",
  phone: "",
  newsletter: false,
  shippingAddress: { line1: "", line2: "", city: "", state: "", postalCode: "", country: DEFAULT_COUNTRY },
};

type Props = {
  items: CartItem[];
  publishableKey: string | null;
  onPlaced: (orderNumber: string) => void;
};

/** The checkout proper: form (contact, shipping, payment) on the left, summary on the right; summary first on phones. */
export function CheckoutForm({ items, publishableKey, onPlaced }: Props) {
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: DEFAULTS,
    // Messages appear on the first submit, then follow each change. Not on blur: a message appearing
    // as a field loses focus shifts the Pay button under the pointer and swallows the click.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const paymentHandle = useRef<PaymentHandle | null>(null);

  // Sold or re-priced pieces are flagged before the shopper pays.
  useEffect(() => {
    void refreshCartAvailability();
  }, []);

  const watchedAddress = useWatch({ control: form.control, name: "shippingAddress" });
  const address = cleanAddress(watchedAddress);
  const addressComplete = isAddressComplete(address);
  const blocked = items.some((i) => i.unavailable);
  const discount = useDiscountCode(items);
  const applied = discount.applied;
  const totals = discountedTotals(items, { addressComplete, discount: applied });
  const [giftCards, setGiftCards] = useState<string[]>([]);
  const requestKey = JSON.stringify({ items: cartLines(items), address, amount: totals.total, discountCode: applied?.code ?? null, giftCards });

  const buildRequest = useCallback(() => {
    const v = form.getValues();
    const contact = { ...v, giftRecipientEmail: isValidEmail(v.giftRecipientEmail) ? v.giftRecipientEmail : undefined };
    return paymentIntentRequest(getSessionId(), items, cleanAddress(v.shippingAddress), contact, isValidEmail(v.email), applied, giftCards);
  }, [form, items, applied, giftCards]);

  const onConflict = useCallback((error: ApiRequestError) => {
    // More than is left (or none left) of a line: say which and how many, then flag it in the summary.
    toastStockRefusal(error, "Change the quantity to what is left, or remove the item, to pay.");
    void recheckCart(error);
  }, []);

  const payment = usePaymentIntent({
    // Not while a discount code is being priced: the intent is for the total the shopper will see.
    enabled: addressComplete && !blocked && items.length > 0 && !discount.pending,
    requestKey,
    buildRequest,
    onConflict,
  });

  // What the gift cards pay, as the server answered for the current request (0 until it has).
  const answered = payment.state.status === "ready" ? payment.state.intent : null;
  const giftCardsPaid = answered && giftCards.length ? toCents(answered.giftCardAmount) : 0;
  // The tax for this address is the server's (lib/tax): the figure the payment is for.
  const tax = checkoutTax(answered);

  const placeOrder = usePlaceOrder({
    items,
    paymentHandle,
    ensureIntent: payment.ensureCurrent,
    prepareAgain: payment.reset,
    discount: applied,
    onPlaced,
  });

  const { submitting, submit } = useGuardedSubmit(placeOrder);
  const onSubmit = form.handleSubmit(
    submit,
    // eslint-disable-next-line react-hooks/refs -- the ref is read when an invalid submit calls this, not during render (handleSubmit only wraps it)
    () => {
      // Show the card's own messages too, so every problem is visible at once (focus stays on the first form error).
      paymentHandle.current?.validate({ focus: false });
    },
  );

  return (
    <FormProvider {...form}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,400px)] lg:gap-10">
        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <OrderSummary items={items} totals={tax.totals(totals)} taxNote={tax.note} discount={discount} giftCards={{ codes: giftCards, onChange: setGiftCards, paid: giftCardsPaid }} />
        </div>
        <form onSubmit={onSubmit} noValidate aria-busy={submitting} aria-label="Checkout" className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-6">
            <ContactCard giftCards={items.some((i) => i.giftCard)} />
            <ShippingCard />
          </fieldset>
          <PaymentCard
            state={payment.state}
            blocked={blocked}
            addressComplete={addressComplete}
            submitting={submitting}
            total={tax.totals(totals).total - giftCardsPaid}
            publishableKey={publishableKey}
            handleRef={paymentHandle}
            onRetry={payment.reset}
          />
        </form>
      </div>
    </FormProvider>
  );
}
