"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/checkout/form-field";
import { Input } from "@/components/ui/input";
import { CheckField } from "@/components/admin/products/check-field";
import type { ProductFormValues } from "@/components/admin/products/product-form-values";
import { PRODUCT_KINDS, type ProductKind } from "@/lib/inventory/stock";
import { DEFAULT_LEAD_TIME_DAYS, HANDLING_DAYS } from "@/lib/inventory/stock-settings";

const KIND_TEXT: Record<ProductKind, { label: string; description: string }> = {
  one_of_a_kind: { label: "Unique item (one of a kind)", description: `Only 1 available; ships in ${HANDLING_DAYS.min}–${HANDLING_DAYS.max} days.` },
  in_stock: { label: "In stock (a counted batch)", description: `On sale until the count runs out; ships in ${HANDLING_DAYS.min}–${HANDLING_DAYS.max} days.` },
  made_to_order: { label: "Made to order", description: "Unlimited; ships in its lead time." },
  gift_card: { label: "Gift card", description: "Sold in the amount of its price; paying emails its recipient a code. Nothing ships." },
};

type Props = {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  values: ProductFormValues;
  editing: boolean;
  loadedStock: number | null;
  disabled?: boolean;
};

/** The product's kind (a radio group), its count, backorder switch and lead time. */
export function StockFields({ register, errors, values, editing, loadedStock, disabled }: Props) {
  const { kind } = values;
  const showLeadTime = kind === "made_to_order" || (kind === "in_stock" && values.allowBackorder);
  const countChanged = editing && kind === "in_stock" && loadedStock !== null && values.stock.trim() !== String(loadedStock);
  return (
    <>
      <div role="radiogroup" aria-labelledby="product-kind-label" className="flex flex-col gap-2" data-testid="product-kind">
        <span id="product-kind-label" className="text-sm font-medium">
          Kind
        </span>
        <div className="grid gap-3 sm:grid-cols-2">
          {PRODUCT_KINDS.map((k) => (
            <div key={k} className="flex items-start gap-3 rounded-lg border bg-background p-3">
              <input
                id={`product-kind-${k}`}
                type="radio"
                value={k}
                aria-describedby={`product-kind-${k}-description`}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                {...register("kind")}
                disabled={disabled}
              />
              <div className="flex min-w-0 flex-col gap-0.5">
                <label htmlFor={`product-kind-${k}`} className="cursor-pointer text-sm leading-4 font-medium">
                  {KIND_TEXT[k].label}
                </label>
                <p id={`product-kind-${k}-description`} className="text-xs text-muted-foreground">
                  {KIND_TEXT[k].description}
                </p>
              </div>
            </div>
          ))}
        </div>
        {errors.kind?.message && (
          <p className="text-sm text-destructive" role="alert">
            {errors.kind.message}
          </p>
        )}
      </div>
      {kind === "in_stock" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="product-stock" label="In stock" error={errors.stock?.message} description={editing && loadedStock !== null ? `Loaded with ${loadedStock}.` : "Units ready to ship."}>
            {(aria) => <Input {...aria} {...register("stock")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
          {countChanged && (
            <FormField id="product-stock-reason" label="Reason for the change" error={errors.stockReason?.message} description="Kept in the audit log, e.g. “new batch of 12”, “two damaged”.">
              {(aria) => <Input {...aria} {...register("stockReason")} autoComplete="off" maxLength={200} disabled={disabled} />}
            </FormField>
          )}
          <CheckField
            id="product-allow-backorder"
            label="Allow backorder"
            description="When it runs out, keep selling; it then shows the lead time."
            className="sm:col-span-2"
            {...register("allowBackorder")}
            disabled={disabled}
          />
        </div>
      )}
      {showLeadTime && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="product-lead-min"
            label="Lead time, shortest"
            hint=" (working days)"
            error={errors.leadTimeMinDays?.message}
            description={`Blank: the shop's ${DEFAULT_LEAD_TIME_DAYS.min}–${DEFAULT_LEAD_TIME_DAYS.max}.`}
          >
            {(aria) => <Input {...aria} {...register("leadTimeMinDays")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
          <FormField id="product-lead-max" label="Lead time, longest" hint=" (working days)" error={errors.leadTimeMaxDays?.message}>
            {(aria) => <Input {...aria} {...register("leadTimeMaxDays")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
        </div>
      )}
    </>
  );
}
