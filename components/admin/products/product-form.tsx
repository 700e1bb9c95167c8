"use client";

import { useState } from "react";
import { Controller, useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { toast } from "@/components/ui/toast";
import { FormField } from "@/components/checkout/form-field";
import { Input } from "@/components/ui/input";
import { adminProductInputSchema, IMAGES_REQUIRED } from "@/lib/catalog/admin-schemas";
import { slugify } from "@/lib/catalog/rules";
import { createProductAction, updateProductAction } from "@/lib/catalog/actions";
import { CheckField } from "@/components/admin/products/check-field";
import { ImageFieldGroup, ImageUploadField } from "@/components/admin/image-upload-field";
import { SheetFormActions } from "@/components/admin/dialog-actions";
import { DescriptionFields, FormSection, PriceAndCategoryFields, SeoFields } from "@/components/admin/products/product-form-fields";
import { StockFields } from "@/components/admin/products/stock-fields";
import { VariantFields } from "@/components/admin/products/variant-fields";
import { PackageFields } from "@/components/admin/products/package-fields";
import { actionFailureMessage } from "@/components/admin/products/action-messages";
import { settleSave } from "@/components/admin/use-form-dialog";
import {
  toFormValues,
  toProductPayload,
  type AdminProductRow,
  type BoxOption,
  type CategoryOption,
  type ProductFormMode,
  type ProductFormValues,
} from "@/components/admin/products/product-form-values";

type ProductFormProps = {
  mode: ProductFormMode;
  product: AdminProductRow | null;
  categories: CategoryOption[];
  boxes: BoxOption[];
  onDone: () => void;
  onCancel: () => void;
};

const schemaResolver = zodResolver(adminProductInputSchema);

/** Validates what will be sent (the payload) with the same schema the server uses, and reports errors on the form's fields. */
function productResolver(mode: ProductFormMode): Resolver<ProductFormValues> {
  return async (values, context, options) => {
    const result = await schemaResolver(toProductPayload(values, mode) as never, context, options as never);
    const errors = { ...result.errors } as FieldErrors<ProductFormValues>;
    // The schema checks the images only once every other field is valid; the form says it at once.
    if (mode !== "clone" && values.images.length === 0 && !errors.images) errors.images = { type: "required", message: IMAGES_REQUIRED };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values, errors: {} };
  };
}

const FAILED = { create: "Failed to create product.", edit: "Failed to update product.", clone: "Failed to create product." } as const;
const DONE = { create: "Product created successfully.", edit: "Product updated successfully.", clone: "Product created successfully." } as const;

/** Add / edit / clone a product (spec §2, §5): validated in the browser and again by the server action with productInputSchema. */
export function ProductForm({ mode, product, categories, boxes, onDone, onCancel }: ProductFormProps) {
  // Editing keeps the product's URL unless the slug is changed by hand; create and clone follow the name.
  const [slugTouched, setSlugTouched] = useState(mode === "edit");
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ resolver: productResolver(mode), defaultValues: toFormValues(product, mode) });

  // eslint-disable-next-line react-hooks/incompatible-library -- the whole form re-renders on each change by design: its values feed the stock and variant fields; no React Compiler here
  const hasOptions = watch("options").length > 0;
  const uniqueItem = !hasOptions && watch("kind") === "one_of_a_kind";
  const sold = watch("sold");
  const nameField = register("name", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugTouched) setValue("slug", slugify(e.target.value));
    },
  });
  const slugField = register("slug", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setSlugTouched(e.target.value.trim() !== ""),
  });

  const onSubmit = handleSubmit(async () => {
    const payload = toProductPayload(getValues(), mode, product?.stock ?? null);
    const saved = await settleSave(() => (mode === "edit" && product ? updateProductAction({ id: product.id, input: payload }) : createProductAction(payload)), {
      onSaved: () => toast.success(DONE[mode]),
      onFields: (fields) => {
        for (const [key, message] of Object.entries(fields)) {
          // Nested paths too ("variants.1.sku"): the message goes under that variant's field.
          if (key.split(".")[0] in getValues()) setError(key as keyof ProductFormValues, { type: "server", message });
        }
      },
      onRefused: (result) => toast.error(FAILED[mode], result && { description: actionFailureMessage(result.message) }),
      logLabel: "product save",
    });
    if (saved) onDone();
  });

  const imagesError = errors.images?.message ?? errors.images?.root?.message ?? (Array.isArray(errors.images) ? "Check the product images." : undefined);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="flex flex-col gap-8" data-testid="product-form">
      <FormSection title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="product-name" label="Name" error={errors.name?.message}>
            {(aria) => <Input {...aria} {...nameField} autoComplete="off" maxLength={200} disabled={isSubmitting} />}
          </FormField>
          <FormField
            id="product-slug"
            label="Slug"
            error={errors.slug?.message}
            description={mode === "edit" ? "Changing the slug changes the product's web address." : "Filled in from the name until you edit it."}
          >
            {(aria) => <Input {...aria} {...slugField} autoComplete="off" spellCheck={false} maxLength={200} placeholder="e.g. walnut-serving-bowl" disabled={isSubmitting} />}
          </FormField>
        </div>
        <PriceAndCategoryFields register={register} control={control} errors={errors} categories={categories} disabled={isSubmitting} withoutPrice={hasOptions} />
        <DescriptionFields register={register} errors={errors} disabled={isSubmitting} />
      </FormSection>

      <FormSection title="Media" description={mode === "clone" ? "A clone starts without images or video; add them now or later." : undefined}>
        <ImageFieldGroup id="product-images" label="Images">
          <Controller
            control={control}
            name="images"
            render={({ field }) => <ImageUploadField multiple id="product-images" value={field.value} onChange={field.onChange} error={imagesError} disabled={isSubmitting} />}
          />
        </ImageFieldGroup>
        <FormField id="product-video-url" label="Video URL" hint=" (optional)" error={errors.videoUrl?.message} description="A YouTube or Vimeo link.">
          {(aria) => <Input {...aria} {...register("videoUrl")} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" disabled={isSubmitting} />}
        </FormField>
      </FormSection>

      <FormSection title="Options and variants" description="For a product that comes in sizes (or finishes…): each combination is a variant with its own SKU, price, stock or lead time and image.">
        <VariantFields
          register={register}
          control={control}
          errors={errors}
          values={watch()}
          setValue={setValue}
          getValues={getValues}
          editing={mode === "edit"}
          boxes={boxes}
          disabled={isSubmitting}
        />
      </FormSection>

      {!hasOptions && (
        <FormSection title="Stock and lead time">
          <StockFields register={register} errors={errors} values={watch()} editing={mode === "edit"} loadedStock={product?.stock ?? null} disabled={isSubmitting} />
        </FormSection>
      )}

      {(hasOptions || watch("kind") !== "gift_card") && (
        <FormSection title="Weight and package" description="What it weighs and measures packed, for shipping. A gift card has none.">
          <PackageFields register={register} errors={errors} values={watch()} boxes={boxes} disabled={isSubmitting} />
        </FormSection>
      )}

      <FormSection title="Visibility">
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckField id="product-active" label="Active" description="Shown in the shop." {...register("active")} disabled={isSubmitting} />
          <CheckField id="product-featured" label="Featured" description="Shown on the home page." {...register("featured")} disabled={isSubmitting} />
          {uniqueItem && <CheckField id="product-sold" label="Sold" description="This piece has found its home." {...register("sold")} disabled={isSubmitting} />}
          {uniqueItem && sold && (
            <CheckField id="product-show-in-gallery" label="Show in gallery" description="List it in the gallery of sold pieces." {...register("showInGallery")} disabled={isSubmitting} />
          )}
        </div>
      </FormSection>

      <FormSection title="SEO">
        <SeoFields register={register} errors={errors} disabled={isSubmitting} />
      </FormSection>

      <SheetFormActions actionLabel={mode === "edit" ? "Save changes" : mode === "clone" ? "Create copy" : "Create product"} pending={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
