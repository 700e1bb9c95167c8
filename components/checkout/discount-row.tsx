import { discountLabel } from "@/lib/discounts/rules";
import { formatMoney } from "@/lib/money";

/**
 * The discount code's own line in an order summary (cart page and checkout): "Discount (CODE)"
 * and the amount taken off, as a dt/dd pair. A free-shipping code before the address is known
 * says so instead of an amount.
 */
export function DiscountRow({ code, amount, freeShipping, addressComplete = true }: { code?: string | null; amount: number; freeShipping?: boolean; addressComplete?: boolean }) {
  if (!code) return null;
  const value = freeShipping && !addressComplete ? "Free shipping" : `−${formatMoney(amount)}`;
  return (
    <div className="flex items-start justify-between gap-4 text-sm">
      <dt className="text-muted-foreground">{discountLabel(code)}</dt>
      <dd className="font-medium text-emerald-800 tabular-nums dark:text-emerald-300" data-testid="summary-discount">
        {value}
      </dd>
    </div>
  );
}
