import type { Metadata } from "next";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  title: "Checkout",
  robots: { index: false, follow: false },
};

/** Spec §2 Checkout. The cart lives in the browser, so the page is a client view; the server only passes the Stripe key. */
export default function CheckoutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12 lg:px-8">
      <h1 className="mb-6 text-3xl font-semibold sm:text-4xl md:mb-8">Checkout</h1>
      <CheckoutView publishableKey={env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null} />
    </div>
  );
}
