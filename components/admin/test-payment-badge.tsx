import { cn } from "@/lib/utils";

/** Marks an order paid with the test card form: no money moved, and it is not counted as revenue. */
export function TestPaymentBadge({ testPayment, className }: { testPayment: boolean; className?: string }) {
  if (!testPayment) return null;
  return (
    <span
      className={cn("inline-flex items-center rounded-full border border-dashed border-orange-400 bg-orange-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-orange-900", className)}
      title="Paid with the test card form: no money was taken, and it is not counted as revenue."
      data-testid="test-payment-badge"
      data-slot="badge"
    >
      Test payment
    </span>
  );
}
