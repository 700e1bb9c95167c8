"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { cleanAddress } from "@/components/checkout/checkout-totals";
import { ContactCard } from "@/components/checkout/contact-card";
import { PaymentCard } from "@/components/checkout/payment-card";
import { ShippingCard } from "@/components/checkout/shipping-card";
import { useGuardedSubmit } from "@/components/checkout/use-guarded-submit";
import { rememberOrder } from "@/components/checkout/use-place-order";
import { useQuoteCheckout } from "@/components/commissions/use-quote-checkout";
import { toast } from "@/components/ui/toast";
import { DEFAULT_COUNTRY } from "@/lib/checkout/pricing";
import { isAddressComplete, isValidEmail, type ShippingAddress } from "@/lib/checkout/schemas";
import { quotePaymentFormSchema, type QuotePaymentFormInput, type QuotePaymentFormValues } from "@/lib/checkout/quote-form-schema";
import { formatMoney, toCents } from "@/lib/money";

type QuotePaymentRequest = {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  newsletter: boolean;
  galleryConsent: boolean;
  shippingAddress: ShippingAddress;
  amount: number;
};

const DEFAULTS: QuotePaymentFormInput = {
  email: "",
  firstName: "",
  lastName: "",
  phone: "",
  newsletter: false,
  galleryConsent: false,
  shippingAddress: { line1: "", line2: "", city: "", state: "", postalCode: "", country: DEFAULT_COUNTRY },
};

type Props = {
  token: string;
  /** The quote's total before tax, in cents, as the page shows it: the server compares it with the quote. */
  total: number;
  /** With a deposit: what the card pays now, in cents (the rest, tax included, is the order's balance). */
  deposit: number | null;
  name: string;
  email: string;
  publishableKey: string | null;
};

/**
 * Paying a commission's quote with the shop's own checkout parts: contact, shipping
 * address, the gallery consent and the card. The server prices the payment from the quote
 * (POST /api/quotes/{token}/payment); the order is then made as every order is (POST /api/orders).
 */
export function QuotePaymentForm({ token, total, deposit, name, email, publishableKey }: Props) {
  const router = useRouter();
  const [firstName, ...rest] = name.trim().split(/\s+/);
  const form = useForm<QuotePaymentFormInput, unknown, QuotePaymentFormValues>({
    resolver: zodResolver(quotePaymentFormSchema),
    defaultValues: { ...DEFAULTS, email, firstName: firstName ?? "", lastName: rest.join(" ") },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const address = cleanAddress(useWatch({ control: form.control, name: "shippingAddress" }));
  const galleryConsent = Boolean(useWatch({ control: form.control, name: "galleryConsent" }));
  const addressComplete = isAddressComplete(address);

  const buildRequest = useCallback((): QuotePaymentRequest => {
    const v = form.getValues();
    const contact = isValidEmail(v.email) ? { email: v.email, firstName: v.firstName || undefined, lastName: v.lastName || undefined, phone: v.phone || undefined } : {};
    return { ...contact, newsletter: Boolean(v.newsletter), galleryConsent: Boolean(v.galleryConsent), shippingAddress: cleanAddress(v.shippingAddress), amount: total };
  }, [form, total]);
  const { payment, paymentHandle, payAndRecord } = useQuoteCheckout({ token, enabled: addressComplete, requestKey: JSON.stringify({ address, galleryConsent }), buildRequest });
  const answered = payment.state.status === "ready" ? payment.state.intent : null;
  const tax = answered ? toCents(answered.tax) : 0;

  async function pay(values: QuotePaymentFormValues) {
    const contact = { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone ?? "", newsletter: values.newsletter };
    const orderNumber = await payAndRecord(contact, { sendContact: true });
    if (!orderNumber) return;
    rememberOrder(orderNumber, { keepCart: true });
    toast.success("Order submitted!", { description: deposit === null ? "Thank you: the maker starts on your piece." : "Thank you: the deposit is paid and the maker starts on your piece." });
    router.push(`/order-confirmation?order=${encodeURIComponent(orderNumber)}`);
  }

  const { submitting, submit } = useGuardedSubmit(async (values: QuotePaymentFormValues) => {
    try {
      await pay(values);
    } catch (error) {
      console.error("Payment failed", error);
      toast.error("Payment failed", { description: `An unexpected error occurred: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  const onSubmit = form.handleSubmit(submit, () => paymentHandle.current?.validate({ focus: false }));

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-busy={submitting} aria-label="Pay for your commission" className="flex min-w-0 flex-col gap-6">
        <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-6">
          <ContactCard />
          <ShippingCard />
          <div className="rounded-xl border bg-card p-5 shadow-xs sm:p-6" data-testid="quote-gallery">
            <div className="flex items-start gap-3">
              <input
                id="quote-gallery-consent"
                type="checkbox"
                aria-describedby="quote-gallery-consent-description"
                {...form.register("galleryConsent")}
                className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              />
              <div className="text-sm leading-5">
                <label htmlFor="quote-gallery-consent" className="cursor-pointer font-medium">
                  The maker may show the finished piece in the gallery
                </label>
                <p id="quote-gallery-consent-description" className="text-muted-foreground">
                  Optional. As a sold piece, with its photos: never your name or address.
                </p>
              </div>
            </div>
          </div>
        </fieldset>
        {tax > 0 && (
          <p className="text-sm" data-testid="quote-tax">
            Sales tax for your address: <span className="font-medium">{formatMoney(tax)}</span>
            {deposit !== null && " (paid with the balance)"}
          </p>
        )}
        {deposit !== null && (
          <p className="text-sm" data-testid="quote-due-now">
            Due now, the deposit: <span className="font-medium">{formatMoney(deposit)}</span>. The balance of {formatMoney(total + tax - deposit)} is paid by a link the maker sends when the piece is
            ready.
          </p>
        )}
        <PaymentCard
          state={payment.state}
          blocked={false}
          addressComplete={addressComplete}
          submitting={submitting}
          total={deposit ?? total + tax}
          publishableKey={publishableKey}
          handleRef={paymentHandle}
          onRetry={payment.reset}
        />
      </form>
    </FormProvider>
  );
}
