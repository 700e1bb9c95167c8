"use client";

import { useFieldArray, type Control, type FieldErrors, type UseFormGetValues, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { Plus, Trash2, Wand2 } from "lucide-react";
import { FormField } from "@/components/checkout/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { MAX_OPTIONS } from "@/lib/catalog/variants";
import { DEFAULT_LEAD_TIME_DAYS } from "@/lib/inventory/stock-settings";
import { generateVariantRows, optionValuesOf, type BoxOption, type ProductFormValues, type VariantFormRow } from "@/components/admin/products/product-form-values";

type Props = {
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  values: ProductFormValues;
  setValue: UseFormSetValue<ProductFormValues>;
  getValues: UseFormGetValues<ProductFormValues>;
  editing: boolean;
  /** The maker's boxes: a variant may ship in one of its own (a larger size in a larger box). */
  boxes: BoxOption[];
  disabled?: boolean;
};

/** The first message under a field path of the form's errors (react-hook-form nests them as the schema's paths). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string") return message;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A product's options (up to MAX_OPTIONS: a name and its values, e.g. "Dowel size": "6 mm, 8 mm")
 * and its variants, one row per combination: SKU, price, kind (in stock with a count, or made to
 * order), backorder, lead time and image (one of the product's own). "Make the variants" writes a
 * row for every combination of the values, keeping the rows already there (lib/catalog/variants.ts).
 */
export function VariantFields({ register, control, errors, values, setValue, getValues, editing, boxes, disabled }: Props) {
  const options = useFieldArray({ control, name: "options" });
  const variants = useFieldArray({ control, name: "variants", keyName: "key" });
  const optionErrors = errors.options as unknown as Array<Record<string, unknown>> | undefined;
  const variantErrors = errors.variants as unknown as Array<Record<string, { message?: string }>> | undefined;
  const rows = values.variants;
  const countChanged = editing && rows.some((r) => r.stockWas !== undefined && r.stockWas !== null && r.kind === "in_stock" && r.stock.trim() !== String(r.stockWas));

  function makeVariants() {
    const current = getValues();
    setValue("variants", generateVariantRows(current), { shouldDirty: true });
  }

  return (
    <div className="flex flex-col gap-4" data-testid="product-variants">
      <div className="flex flex-col gap-3">
        {options.fields.map((field, i) => (
          <div key={field.id} className="grid items-start gap-3 rounded-lg border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
            <FormField id={`product-option-${i}-name`} label={`Option ${i + 1}`} error={messageOf(optionErrors?.[i]?.name)}>
              {(aria) => <Input {...aria} {...register(`options.${i}.name`)} placeholder="e.g. Dowel size" maxLength={40} autoComplete="off" disabled={disabled} />}
            </FormField>
            <FormField id={`product-option-${i}-values`} label="Values" error={messageOf(optionErrors?.[i]?.values)} description="Separated by commas, in the order shoppers see them.">
              {(aria) => <Input {...aria} {...register(`options.${i}.values`)} placeholder="e.g. 6 mm, 8 mm, 10 mm" autoComplete="off" disabled={disabled} />}
            </FormField>
            <Button type="button" variant="ghost" size="icon" className="mt-7" onClick={() => options.remove(i)} aria-label={`Remove option ${i + 1}`} title="Remove option" disabled={disabled}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {messageOf(errors.options) && !optionErrors?.some(Boolean) && (
          <p className="text-sm text-destructive" role="alert">
            {messageOf(errors.options)}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {options.fields.length < MAX_OPTIONS && (
            <Button type="button" variant="outline" size="sm" onClick={() => options.append({ name: "", values: "" })} disabled={disabled}>
              <Plus aria-hidden="true" />
              Add an option
            </Button>
          )}
          {options.fields.length > 0 && (
            <Button type="button" variant="outline" size="sm" onClick={makeVariants} disabled={disabled || values.options.every((o) => optionValuesOf(o).length === 0)}>
              <Wand2 aria-hidden="true" />
              Make the variants
            </Button>
          )}
        </div>
      </div>

      {variants.fields.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Variants">
          {variants.fields.map((field, i) => {
            const row: VariantFormRow | undefined = rows[i];
            if (!row) return null;
            const label = row.values.join(" / ");
            const e = variantErrors?.[i] ?? {};
            const inStock = row.kind === "in_stock";
            const showLead = !inStock || row.allowBackorder;
            const id = `product-variant-${i}`;
            return (
              <li key={field.key} className="flex flex-col gap-3 rounded-lg border bg-background p-3" data-testid="variant-row">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-semibold">{label || "(no values)"}</p>
                  <Button type="button" variant="ghost" size="sm" onClick={() => variants.remove(i)} disabled={disabled}>
                    <Trash2 aria-hidden="true" />
                    Remove<span className="sr-only"> variant {label}</span>
                  </Button>
                </div>
                {e.values?.message && <p className="text-sm text-destructive">{e.values.message}</p>}
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormField
                    id={`${id}-sku`}
                    label={
                      <>
                        SKU<span className="sr-only"> of {label}</span>
                      </>
                    }
                    error={e.sku?.message}
                  >
                    {(aria) => <Input {...aria} {...register(`variants.${i}.sku`)} autoComplete="off" spellCheck={false} maxLength={40} className="uppercase" disabled={disabled} />}
                  </FormField>
                  <FormField
                    id={`${id}-price`}
                    label={
                      <>
                        Price (USD)<span className="sr-only"> of {label}</span>
                      </>
                    }
                    error={e.price?.message}
                  >
                    {(aria) => <Input {...aria} {...register(`variants.${i}.price`)} type="number" inputMode="decimal" step="0.01" min="0.01" disabled={disabled} />}
                  </FormField>
                  <FormField
                    id={`${id}-kind`}
                    label={
                      <>
                        Kind<span className="sr-only"> of {label}</span>
                      </>
                    }
                    error={e.kind?.message}
                  >
                    {(aria) => (
                      <NativeSelect {...aria} {...register(`variants.${i}.kind`)} className="w-full" disabled={disabled}>
                        <option value="in_stock">In stock (counted)</option>
                        <option value="made_to_order">Made to order</option>
                      </NativeSelect>
                    )}
                  </FormField>
                  {inStock && (
                    <FormField
                      id={`${id}-stock`}
                      label={
                        <>
                          In stock<span className="sr-only"> of {label}</span>
                        </>
                      }
                      error={e.stock?.message}
                      description={editing && row.stockWas !== undefined && row.stockWas !== null ? `Loaded with ${row.stockWas}.` : undefined}
                    >
                      {(aria) => <Input {...aria} {...register(`variants.${i}.stock`)} inputMode="numeric" autoComplete="off" disabled={disabled} />}
                    </FormField>
                  )}
                  {inStock && (
                    <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
                      <input
                        type="checkbox"
                        {...register(`variants.${i}.allowBackorder`)}
                        className="size-4 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                        disabled={disabled}
                      />
                      Allow backorder<span className="sr-only"> of {label}</span>
                    </label>
                  )}
                  {showLead && (
                    <FormField
                      id={`${id}-lead-min`}
                      label={
                        <>
                          Lead time, shortest<span className="sr-only"> of {label}</span>
                        </>
                      }
                      hint=" (days)"
                      error={e.leadTimeMinDays?.message}
                      description={`Blank: the shop's ${DEFAULT_LEAD_TIME_DAYS.min}–${DEFAULT_LEAD_TIME_DAYS.max}.`}
                    >
                      {(aria) => <Input {...aria} {...register(`variants.${i}.leadTimeMinDays`)} inputMode="numeric" autoComplete="off" disabled={disabled} />}
                    </FormField>
                  )}
                  {showLead && (
                    <FormField
                      id={`${id}-lead-max`}
                      label={
                        <>
                          Lead time, longest<span className="sr-only"> of {label}</span>
                        </>
                      }
                      hint=" (days)"
                      error={e.leadTimeMaxDays?.message}
                    >
                      {(aria) => <Input {...aria} {...register(`variants.${i}.leadTimeMaxDays`)} inputMode="numeric" autoComplete="off" disabled={disabled} />}
                    </FormField>
                  )}
                  <FormField
                    id={`${id}-weight`}
                    label={
                      <>
                        Packed weight<span className="sr-only"> of {label}</span>
                      </>
                    }
                    hint=" (grams)"
                    error={e.weightGrams?.message}
                    description="Blank: the product's."
                  >
                    {(aria) => <Input {...aria} {...register(`variants.${i}.weightGrams`)} inputMode="numeric" autoComplete="off" disabled={disabled} />}
                  </FormField>
                  {boxes.length > 0 && (
                    <FormField
                      id={`${id}-box`}
                      label={
                        <>
                          Box<span className="sr-only"> of {label}</span>
                        </>
                      }
                      error={e.boxId?.message}
                    >
                      {(aria) => (
                        <NativeSelect {...aria} {...register(`variants.${i}.boxId`)} className="w-full" disabled={disabled}>
                          <option value="">The product&apos;s</option>
                          {boxes.map((b) => (
                            <option key={b.id} value={String(b.id)}>
                              {b.name}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </FormField>
                  )}
                  <FormField
                    id={`${id}-image`}
                    label={
                      <>
                        Image<span className="sr-only"> of {label}</span>
                      </>
                    }
                    hint=" (optional)"
                    error={e.image?.message}
                  >
                    {(aria) => (
                      <NativeSelect {...aria} {...register(`variants.${i}.image`)} className="w-full" disabled={disabled}>
                        <option value="">The product&apos;s first</option>
                        {values.images.map((image, k) => (
                          <option key={image.url} value={image.url}>
                            {`Image ${k + 1}${image.alt ? `: ${image.alt}` : ""}`}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {messageOf(errors.variants) && !variantErrors?.some(Boolean) && (
        <p className="text-sm text-destructive" role="alert">
          {messageOf(errors.variants)}
        </p>
      )}
      {countChanged && (
        <FormField id="product-variant-stock-reason" label="Reason for the change" error={errors.stockReason?.message} description="Kept in the audit log, e.g. “new batch of 12”, “two damaged”.">
          {(aria) => <Input {...aria} {...register("stockReason")} autoComplete="off" maxLength={200} disabled={disabled} />}
        </FormField>
      )}
    </div>
  );
}
