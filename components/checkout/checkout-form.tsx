"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
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
import { useFreeShippingOver } from "@/components/cart/use-free-shipping";
import { ShippingOptions, useShippingOptions } from "@/components/checkout/shipping-options";
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
  // Shipping is the server's for the address and the pieces' weights (lib/shipping): the page shows the default
  // zone's figure until the server names another for this cart and address (its 409 carries it), then that one.
  // The delivery options for the cart and address (lib/shipping: a zone's rate, the carrier's rates, local pickup); the chosen one is sent with the payment.
  const shipping = useShippingOptions({ items: cartLines(items), address, enabled: addressComplete });
  const { setError, clearErrors, getFieldState } = form;
  const rejected = shipping.state.status === "error" ? shipping.state.fields["shippingAddress.line1"] : undefined;
  useEffect(() => {
    // An address the carrier cannot deliver to is an error on the address form, before any payment.
    if (rejected) setError("shippingAddress.line1", { type: "server", message: rejected });
    else if (getFieldState("shippingAddress.line1").error?.type === "server") clearErrors("shippingAddress.line1");
  }, [rejected, setError, clearErrors, getFieldState]);
  const chosen = shipping.chosen;
  // The free-shipping nudge follows the address's zone once known (none for pickup), else the threshold every zone shares.
  const everywhere = useFreeShippingOver();
  const zoneFreeOver = shipping.data?.freeOver;
  const freeOver = chosen?.kind === "pickup" ? null : zoneFreeOver !== undefined ? (zoneFreeOver === null ? null : toCents(zoneFreeOver)) : addressComplete ? undefined : everywhere;
  // A fallback rate is the zone's own: the server names what it charges, so no carrier service is claimed for it.
  const [chosenId, chosenKind, chosenFallback] = [chosen?.id, chosen?.kind, chosen?.fallback];
  const choice = useMemo(
    () => (!chosenId ? {} : chosenKind === "pickup" ? { shippingMethod: "pickup" as const, shippingRate: chosenId } : chosenFallback ? {} : { shippingRate: chosenId }),
    [chosenId, chosenKind, chosenFallback],
  );
  const shipKey = JSON.stringify({ items: cartLines(items), address, discountCode: applied?.code ?? null, choice });
  const [quoted, setQuoted] = useState<{ key: string; shipping: number } | null>(null);
  const serverShipping = !addressComplete ? undefined : quoted?.key === shipKey ? quoted.shipping : chosen ? toCents(chosen.amount) : undefined;
  const totals = discountedTotals(items, { addressComplete, discount: applied, shipping: serverShipping });
  const [giftCards, setGiftCards] = useState<string[]>([]);
  const requestKey = JSON.stringify({ items: cartLines(items), address, amount: totals.total, discountCode: applied?.code ?? null, giftCards, choice });

  const buildRequest = useCallback(() => {
    const v = form.getValues();
    const contact = { ...v, giftRecipientEmail: isValidEmail(v.giftRecipientEmail) ? v.giftRecipientEmail : undefined };
    return { ...paymentIntentRequest(getSessionId(), items, cleanAddress(v.shippingAddress), contact, isValidEmail(v.email), applied, giftCards, serverShipping), ...choice };
  }, [form, items, applied, giftCards, serverShipping, choice]);

  const shownShipping = totals.shipping;
  // A plain function: usePaymentIntent reads the latest one when a request settles.
  const onConflict = (error: ApiRequestError) => {
    // The total differs only by the shipping this address pays: take the server's figure and prepare again (the amount is still checked).
    const named = (error.body as { shipping?: unknown } | null)?.shipping;
    if (typeof named === "string" && /^\d+\.\d{2}$/.test(named) && toCents(named) !== shownShipping) {
      setQuoted({ key: shipKey, shipping: toCents(named) });
      return;
    }
    // More than is left (or none left) of a line: say which and how many, then flag it in the summary.
    toastStockRefusal(error, "Change the quantity to what is left, or remove the item, to pay.");
    void recheckCart(error);
  };

  const payment = usePaymentIntent({
    // Not while a discount code is being priced: the intent is for the total the shopper will see.
    // Nor while the delivery options are being asked for: the intent is for the option the shopper will see chosen.
    enabled: addressComplete && !blocked && items.length > 0 && !discount.pending && shipping.settled && !rejected,
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
          <OrderSummary
            shippingName={chosen?.label}
            freeOver={freeOver}
            items={items}
            totals={tax.totals(totals)}
            taxNote={tax.note}
            discount={discount}
            giftCards={{ codes: giftCards, onChange: setGiftCards, paid: giftCardsPaid }}
          />
        </div>
        <form onSubmit={onSubmit} noValidate aria-busy={submitting} aria-label="Checkout" className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-6">
            <ContactCard giftCards={items.some((i) => i.giftCard)} />
            <ShippingCard choice={(shipping.shown?.options.length ?? 0) > 1}>
              <ShippingOptions data={shipping.shown} chosen={chosen} loading={!shipping.settled} problem={shipping.problem} onChoose={shipping.choose} />
            </ShippingCard>
          </fieldset>
          <PaymentCard
            state={payment.state}
            blocked={blocked}
            addressComplete={addressComplete}
            addressRejected={Boolean(rejected)}
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
