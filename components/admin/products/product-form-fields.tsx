"use client";

import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/checkout/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { CategoryOption, ProductFormValues } from "@/components/admin/products/product-form-values";

type SectionProps = { title: string; description?: string; children: React.ReactNode };

/** A titled group of fields inside the product form. */
export function FormSection({ title, description, children }: SectionProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 flex flex-col gap-0.5">
        <span className="text-sm font-semibold tracking-wide text-foreground uppercase">{title}</span>
        {description && <span className="text-xs text-muted-foreground">{description}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

type FieldsProps = {
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  disabled?: boolean;
};

/** Price and category, side by side on wider screens; a product with variants has no price of its own (`withoutPrice`: each variant has one). */
export function PriceAndCategoryFields({ register, control, errors, categories, disabled, withoutPrice }: FieldsProps & { categories: CategoryOption[]; withoutPrice?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {!withoutPrice && (
        <FormField id="product-price" label="Price (USD)" error={errors.price?.message}>
          {(aria) => (
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                $
              </span>
              <Input {...aria} {...register("price")} type="number" inputMode="decimal" step="0.01" min="0.01" placeholder="0.00" className="pl-7" disabled={disabled} />
            </div>
          )}
        </FormField>
      )}
      <FormField id="product-category" label="Category" error={errors.categoryId?.message}>
        {(aria) => (
          <Controller
            control={control}
            name="categoryId"
            render={({ field }) => (
              <NativeSelect
                {...aria}
                ref={field.ref}
                name={field.name}
                value={field.value === undefined ? "" : String(field.value)}
                onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : undefined)}
                onBlur={field.onBlur}
                disabled={disabled}
                className="w-full"
              >
                <option value="" disabled>
                  Select a category
                </option>
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.active ? c.name : `${c.name} (inactive)`}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        )}
      </FormField>
    </div>
  );
}

/** Description, short description. */
export function DescriptionFields({ register, errors, disabled }: Omit<FieldsProps, "control">) {
  return (
    <>
      <FormField id="product-short-description" label="Short description" hint=" (optional)" error={errors.shortDescription?.message} description="Shown on product cards (about one sentence).">
        {(aria) => <Textarea {...aria} {...register("shortDescription")} rows={2} disabled={disabled} />}
      </FormField>
      <FormField id="product-description" label="Description" error={errors.description?.message}>
        {(aria) => <Textarea {...aria} {...register("description")} rows={6} disabled={disabled} />}
      </FormField>
    </>
  );
}

/** SEO title and description (optional; the storefront falls back to the name and description). */
export function SeoFields({ register, errors, disabled }: Omit<FieldsProps, "control">) {
  return (
    <div className="grid gap-4">
      <FormField id="product-seo-title" label="SEO title" hint=" (optional)" error={errors.seoTitle?.message}>
        {(aria) => <Input {...aria} {...register("seoTitle")} maxLength={200} disabled={disabled} />}
      </FormField>
      <FormField id="product-seo-description" label="SEO description" hint=" (optional)" error={errors.seoDescription?.message} description="Search engines show about 160 characters.">
        {(aria) => <Textarea {...aria} {...register("seoDescription")} rows={2} maxLength={500} disabled={disabled} />}
      </FormField>
    </div>
  );
}
