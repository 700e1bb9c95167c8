// zod/mini: the quote page's payment form runs it in the browser.
import * as z from "zod/mini";
import { checkoutFormSchema } from "@/lib/checkout/schemas";

/** The quote page's payment form: the checkout's contact and address rules, and the gallery consent. */
export const quotePaymentFormSchema = z.extend(checkoutFormSchema, {
  galleryConsent: z._default(z.boolean(), false),
});
export type QuotePaymentFormInput = z.input<typeof quotePaymentFormSchema>;
export type QuotePaymentFormValues = z.output<typeof quotePaymentFormSchema>;
