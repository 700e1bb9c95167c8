import { StatusBadge } from "@/components/admin/status-badge";

/** The shopper's bank opened a dispute (chargeback) on this order's payment. */
export function DisputedBadge({ disputed, className }: { disputed: boolean; className?: string }) {
  if (!disputed) return null;
  return (
    <StatusBadge tone="red" title="The shopper's bank opened a dispute on this payment: respond in the payment provider's dashboard." testId="disputed-badge" className={className}>
      Disputed
    </StatusBadge>
  );
}
