"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/checkout/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { CheckField } from "@/components/admin/products/check-field";
import type { BoxOption, ProductFormValues } from "@/components/admin/products/product-form-values";
import { packageGaps } from "@/lib/shipping/schemas";

type Props = {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  values: ProductFormValues;
  boxes: BoxOption[];
  disabled?: boolean;
};

const whole = (v: string) => (v.trim() === "" ? null : Number(v));

/** What the piece weighs and measures: its packed weight, and a box or its own dimensions; freight for oversize pieces. */
export function PackageFields({ register, errors, values, boxes, disabled }: Props) {
  const gaps = packageGaps({
    giftCard: false,
    weightGrams: whole(values.weightGrams),
    lengthMm: whole(values.lengthMm),
    boxId: whole(values.boxId),
    freightPrice: values.freightPrice.trim() || null,
    contactForDelivery: values.contactForDelivery,
  });
  return (
    <>
      <p className="text-sm" role="status" data-testid="package-missing">
        {gaps.length ? (
          <span className="font-medium text-amber-800 dark:text-amber-300">Missing: {gaps.join(" and ")}. Until then it ships at its zone&apos;s flat or table rate.</span>
        ) : (
          <span className="text-muted-foreground">Shipping can be priced from what this piece weighs and measures.</span>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="product-weight" label="Packed weight" hint=" (grams)" error={errors.weightGrams?.message} description="Weighed in its packing: 1 kg = 1000 g.">
          {(aria) => <Input {...aria} {...register("weightGrams")} inputMode="numeric" autoComplete="off" placeholder="e.g. 14000" disabled={disabled} />}
        </FormField>
        <FormField
          id="product-box"
          label="Box"
          error={errors.boxId?.message}
          description={boxes.length ? "One of your boxes, or its own dimensions below." : "Add boxes under Shipping; or give its own dimensions below."}
        >
          {(aria) => (
            <NativeSelect {...aria} {...register("boxId")} disabled={disabled} className="w-full">
              <option value="">No box: its own dimensions</option>
              {boxes.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name} ({b.innerLengthMm} × {b.innerWidthMm} × {b.innerHeightMm} mm)
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {!values.boxId && (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="product-length" label="Length" hint=" (mm)" error={errors.lengthMm?.message}>
            {(aria) => <Input {...aria} {...register("lengthMm")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
          <FormField id="product-width" label="Width" hint=" (mm)" error={errors.widthMm?.message}>
            {(aria) => <Input {...aria} {...register("widthMm")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
          <FormField id="product-height" label="Height" hint=" (mm)" error={errors.heightMm?.message}>
            {(aria) => <Input {...aria} {...register("heightMm")} inputMode="numeric" autoComplete="off" disabled={disabled} />}
          </FormField>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="product-freight"
          label="Freight price"
          hint=" (optional, $)"
          error={errors.freightPrice?.message}
          description="For furniture and other oversize pieces: charged instead of the zone's rate."
        >
          {(aria) => <Input {...aria} {...register("freightPrice")} inputMode="decimal" autoComplete="off" placeholder="e.g. 180.00" disabled={disabled} />}
        </FormField>
        <CheckField
          id="product-contact-for-delivery"
          label="Contact us for delivery"
          description="Not shipped at checkout: the shopper collects it or arranges delivery with you."
          {...register("contactForDelivery")}
          disabled={disabled}
        />
      </div>
    </>
  );
}
