import { statusLabel } from "@/components/admin/format";
import { cn } from "@/lib/utils";

const STATUS_STYLES: Record<string, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  confirmed: "border-sky-300 bg-sky-50 text-sky-900",
  processing: "border-indigo-300 bg-indigo-50 text-indigo-900",
  shipped: "border-violet-300 bg-violet-50 text-violet-900",
  delivered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  cancelled: "border-red-300 bg-red-50 text-red-900",
};

/** Order status as a coloured pill (text carries the meaning; colour only supports it). */
export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span data-slot="badge" className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap", STATUS_STYLES[status] ?? "bg-muted", className)}>
      {statusLabel(status)}
    </span>
  );
}
