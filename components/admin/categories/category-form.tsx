"use client";

import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { zodResolver } from "@/components/forms/zod-resolver";
import { toast } from "@/components/ui/toast";
import { FormField } from "@/components/checkout/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { createCategoryAction, updateCategoryAction } from "@/lib/catalog/actions";
import { actionFailureMessage } from "@/components/admin/products/action-messages";
import { settleSave } from "@/components/admin/use-form-dialog";
import { ImageFieldGroup, ImageUploadField } from "@/components/admin/image-upload-field";
import { SheetFormActions } from "@/components/admin/dialog-actions";
import { categoryInputSchema, type AdminCategoryDTO } from "@/lib/catalog/admin-schemas";
import { slugify } from "@/lib/catalog/rules";

export type CategoryFormValues = { name: string; slug: string; description: string; sortOrder: string; image: string | null };

function toFormValues(category: AdminCategoryDTO | null): CategoryFormValues {
  return {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    description: category?.description ?? "",
    sortOrder: String(category?.sortOrder ?? 0),
    image: category?.image ?? null,
  };
}

/** Trimmed; a blank slug is left for the server to derive from the name, blank text clears. */
function toPayload(v: CategoryFormValues) {
  return {
    name: v.name.trim(),
    slug: v.slug.trim() || undefined,
    description: v.description.trim() || null,
    sortOrder: v.sortOrder.trim(),
    image: v.image,
  };
}

const schemaResolver = zodResolver(categoryInputSchema);
const resolver: Resolver<CategoryFormValues> = async (values, context, options) => {
  const result = await schemaResolver(toPayload(values) as never, context, options as never);
  if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as FieldErrors<CategoryFormValues> };
  return { values, errors: {} };
};

type CategoryFormProps = { category: AdminCategoryDTO | null; onDone: () => void; onCancel: () => void };

/** Add / edit a category (spec §5): name, slug (derived when blank), description, sort order, optional image. */
export function CategoryForm({ category, onDone, onCancel }: CategoryFormProps) {
  const editing = category !== null;
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormValues>({ resolver, defaultValues: toFormValues(category) });
  const derivedSlug = slugify(useWatch({ control, name: "name" }) ?? "");

  const onSubmit = handleSubmit(async () => {
    const payload = toPayload(getValues());
    const failed = editing ? "Failed to update category." : "Failed to create category.";
    const saved = await settleSave(() => (editing ? updateCategoryAction({ id: category.id, input: payload }) : createCategoryAction(payload)), {
      onSaved: () => toast.success(editing ? "Category updated successfully." : "Category created successfully."),
      onFields: (fields) => {
        for (const [key, message] of Object.entries(fields)) if (key in payload) setError(key as keyof CategoryFormValues, { type: "server", message });
      },
      onRefused: (result) => toast.error(failed, result && { description: actionFailureMessage(result.message) }),
      logLabel: "category save",
    });
    if (saved) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5" data-testid="category-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="category-name" label="Name" error={errors.name?.message}>
          {(aria) => <Input {...aria} {...register("name")} autoComplete="off" maxLength={100} disabled={isSubmitting} />}
        </FormField>
        <FormField
          id="category-slug"
          label="Slug"
          hint=" (optional)"
          error={errors.slug?.message}
          description={derivedSlug ? `Leave blank to use “${derivedSlug}”.` : "Leave blank to derive it from the name."}
        >
          {(aria) => <Input {...aria} {...register("slug")} autoComplete="off" spellCheck={false} maxLength={200} placeholder={derivedSlug || "e.g. hand-turned-bowls"} disabled={isSubmitting} />}
        </FormField>
      </div>
      <FormField id="category-description" label="Description" hint=" (optional)" error={errors.description?.message} description="Shown at the top of the category's shop page.">
        {(aria) => <Textarea {...aria} {...register("description")} rows={3} maxLength={2000} disabled={isSubmitting} />}
      </FormField>
      <FormField id="category-sort-order" label="Sort order" error={errors.sortOrder?.message} description="Lower numbers come first in menus and lists.">
        {(aria) => <Input {...aria} {...register("sortOrder")} type="number" inputMode="numeric" min={0} step={1} className="sm:max-w-40" disabled={isSubmitting} />}
      </FormField>
      <ImageFieldGroup id="category-image" label="Image">
        <Controller
          control={control}
          name="image"
          render={({ field }) => <ImageUploadField id="category-image" value={field.value} onChange={field.onChange} error={errors.image?.message} disabled={isSubmitting} />}
        />
      </ImageFieldGroup>
      <SheetFormActions actionLabel={editing ? "Save changes" : "Create category"} pending={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
