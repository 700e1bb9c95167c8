import Link from "next/link";
import { cn } from "@/lib/utils";

/** Marks an order that paid a commission's quote, linking to the commission. */
export function CommissionBadge({ commission, className }: { commission: { id: number; reference: string } | null; className?: string }) {
  if (!commission) return null;
  return (
    <Link
      href={`/admin/commissions/${commission.id}`}
      className={cn(
        "inline-flex items-center rounded-full border border-amber-700/40 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-950 underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
        className,
      )}
      aria-label={`Commission ${commission.reference}`}
      data-testid="commission-badge"
      data-slot="badge"
    >
      Commission
    </Link>
  );
}
