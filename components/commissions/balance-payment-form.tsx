"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { PaymentCard } from "@/components/checkout/payment-card";
import { useGuardedSubmit } from "@/components/checkout/use-guarded-submit";
import { useQuoteCheckout } from "@/components/commissions/use-quote-checkout";
import { toast } from "@/components/ui/toast";

type Props = {
  token: string;
  /** The balance in cents, as the page shows it: the server compares it with the link's. */
  amount: number;
  contact: { firstName: string; lastName: string; email: string; phone: string | null };
  publishableKey: string | null;
};

/**
 * Paying a commission's balance: the card only — the order already has its contact,
 * address and tax. The payment is a second one of the same order (POST /api/orders records it).
 */
export function BalancePaymentForm({ token, amount, contact, publishableKey }: Props) {
  const router = useRouter();
  const buildRequest = useCallback(() => ({ amount }), [amount]);
  const { payment, paymentHandle, payAndRecord } = useQuoteCheckout({ token, enabled: true, requestKey: "balance", buildRequest });
  const { submitting, submit } = useGuardedSubmit(async () => {
    try {
      const orderNumber = await payAndRecord({ ...contact, phone: contact.phone ?? "", newsletter: false }, { sendContact: false });
      if (!orderNumber) return;
      toast.success("Balance paid", { description: `Thank you: order ${orderNumber} is paid in full.` });
      router.refresh();
    } catch (error) {
      console.error("Payment failed", error);
      toast.error("Payment failed", { description: `An unexpected error occurred: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  return (
    <form
      noValidate
      aria-busy={submitting}
      aria-label="Pay the balance"
      className="flex min-w-0 flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(undefined);
      }}
    >
      <PaymentCard
        step={null}
        state={payment.state}
        blocked={false}
        addressComplete
        submitting={submitting}
        total={amount}
        publishableKey={publishableKey}
        handleRef={paymentHandle}
        onRetry={payment.reset}
      />
    </form>
  );
}
