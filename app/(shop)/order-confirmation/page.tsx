import { Suspense } from "react";
import type { Metadata } from "next";
import { ConfirmationPending, OrderConfirmationView } from "@/components/checkout/order-confirmation-view";

export const metadata: Metadata = {
  title: "Order Confirmed",
  robots: { index: false, follow: false },
};

/** Spec §2 Order confirmation. The view reads the query string (useSearchParams), hence the Suspense boundary. */
export default function OrderConfirmationPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-16 lg:px-8">
      <Suspense fallback={<ConfirmationPending />}>
        <OrderConfirmationView />
      </Suspense>
    </div>
  );
}
