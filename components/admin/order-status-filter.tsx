"use client";

import { useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { statusLabel } from "@/components/admin/format";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ORDER_STATUSES, type OrderFilter } from "@/lib/orders/admin-schemas";

/** The orders list filter, kept in the URL as ?status= (all = no parameter). */
export function OrderStatusFilter({ value }: { value: OrderFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor="order-status-filter" className="whitespace-nowrap">
        Filter by status
      </Label>
      <NativeSelect
        id="order-status-filter"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(() => router.push(next === "all" ? pathname : `${pathname}?status=${encodeURIComponent(next)}`));
        }}
        className="w-40"
      >
        <option value="all">All orders</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
        <option value="archived">Archived</option>
      </NativeSelect>
      {pending && <Loader2 aria-label="Loading orders" className="size-4 animate-spin text-muted-foreground" />}
    </div>
  );
}
