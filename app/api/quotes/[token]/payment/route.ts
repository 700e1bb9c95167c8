import { readJson, withRoute } from "@/lib/http";
import { prepareQuotePayment, quotePaymentSchema } from "@/lib/checkout/quote-payment";

/**
 * POST /api/quotes/{token}/payment {email, firstName, lastName, phone?, newsletter?, galleryConsent?, shippingAddress, amount?}
 * → the quote's checkout and authorise-only intent (the checkout's own answer: clientSecret, amounts with tax).
 * The order is then made by POST /api/orders (or the payment webhook), as for a cart.
 * An invalid link 400, a paid quote 409 with its orderNumber, an expired or replaced one 410.
 */
export const POST = withRoute<{ token: string }>(async (req, { params }) => prepareQuotePayment(params.token, await readJson(req, quotePaymentSchema)), { rateLimit: "paymentIntent" });
