import { cn } from "@/lib/utils";

/** The shopper's bank opened a dispute (chargeback) on this order's payment. */
export function DisputedBadge({ disputed, className }: { disputed: boolean; className?: string }) {
  if (!disputed) return null;
  return (
    <span
      className={cn("inline-flex items-center rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800", className)}
      title="The shopper's bank opened a dispute on this payment: respond in the payment provider's dashboard."
      data-testid="disputed-badge"
      data-slot="badge"
    >
      Disputed
    </span>
  );
}
