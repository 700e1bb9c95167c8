import type { AdminProductDTO } from "@/lib/catalog/admin-schemas";
import type { CategoryDTO } from "@/lib/catalog/types";
import type { ProductKind } from "@/lib/catalog/stock";
import type { UploadedImage } from "@/components/admin/products/upload-images";

/** A product row in the admin table: the public DTO (inactive ones too) plus its category's name. */
export type AdminProductRow = AdminProductDTO;
export type CategoryOption = Pick<CategoryDTO, "id" | "name" | "active">;

export type ProductFormMode = "create" | "edit" | "clone";

/** What the form edits; strings stay strings until the shared schema parses them. */
export type ProductFormValues = {
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  price: string;
  categoryId: number | undefined;
  images: UploadedImage[];
  videoUrl: string;
  featured: boolean;
  /** One of a kind, in stock (counted) or made to order (lib/catalog/stock.ts). */
  kind: ProductKind;
  stock: string;
  /** Why the count changed (edit only; kept in the audit log). */
  stockReason: string;
  allowBackorder: boolean;
  leadTimeMinDays: string;
  leadTimeMaxDays: string;
  sold: boolean;
  showInGallery: boolean;
  active: boolean;
  seoTitle: string;
  seoDescription: string;
};

export const EMPTY_PRODUCT: ProductFormValues = {
  name: "",
  slug: "",
  description: "",
  shortDescription: "",
  price: "",
  categoryId: undefined,
  images: [],
  videoUrl: "",
  featured: false,
  kind: "made_to_order",
  stock: "",
  stockReason: "",
  allowBackorder: false,
  leadTimeMinDays: "",
  leadTimeMaxDays: "",
  sold: false,
  showInGallery: false,
  active: true,
  seoTitle: "",
  seoDescription: "",
};

/** Form values for a mode: blank (create), the product (edit) or the spec's clone (name + ' (Copy)', slug + '-copy', no images or video). */
export function toFormValues(product: AdminProductRow | null, mode: ProductFormMode): ProductFormValues {
  if (!product || mode === "create") return { ...EMPTY_PRODUCT, images: [] };
  const base: ProductFormValues = {
    name: product.name,
    slug: product.slug,
    description: product.description,
    shortDescription: product.shortDescription ?? "",
    price: product.price,
    categoryId: product.categoryId,
    images: product.media.map((m) => ({ url: m.url, width: m.width, height: m.height, alt: m.alt ?? "" })),
    videoUrl: product.videoUrl ?? "",
    featured: product.featured,
    kind: product.kind,
    stock: product.stock === null ? "" : String(product.stock),
    stockReason: "",
    allowBackorder: product.allowBackorder,
    leadTimeMinDays: product.leadTimeMinDays === null ? "" : String(product.leadTimeMinDays),
    leadTimeMaxDays: product.leadTimeMaxDays === null ? "" : String(product.leadTimeMaxDays),
    sold: product.sold,
    showInGallery: product.showInGallery,
    active: product.active,
    seoTitle: product.seoTitle ?? "",
    seoDescription: product.seoDescription ?? "",
  };
  if (mode === "edit") return base;
  return { ...base, name: `${product.name} (Copy)`, slug: `${product.slug}-copy`, images: [], videoUrl: "" };
}

const blankToNull = (v: string) => (v.trim() === "" ? null : v.trim());

/**
 * The body the server action (and the shared productInputSchema) receives:
 * trimmed text, blank optional text as null, a blank slug left for the
 * server to derive, flags that only mean something for unique pieces cleared.
 */
export function toProductPayload(values: ProductFormValues, mode: ProductFormMode, loadedStock: number | null = null) {
  const uniqueItem = values.kind === "one_of_a_kind";
  const inStock = values.kind === "in_stock";
  const sold = uniqueItem && values.sold;
  return {
    name: values.name.trim(),
    slug: values.slug.trim() || undefined,
    description: values.description.trim(),
    shortDescription: blankToNull(values.shortDescription),
    price: values.price.trim(),
    categoryId: values.categoryId,
    images: values.images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: blankToNull(i.alt ?? "") })),
    videoUrl: blankToNull(values.videoUrl),
    featured: values.featured,
    kind: values.kind,
    uniqueItem,
    stock: inStock ? values.stock.trim() : null,
    allowBackorder: inStock && values.allowBackorder,
    leadTimeMinDays: uniqueItem ? null : blankToNull(values.leadTimeMinDays),
    leadTimeMaxDays: uniqueItem ? null : blankToNull(values.leadTimeMaxDays),
    // An edit says which count it was loaded with (orders may take units meanwhile) and why it changes it.
    ...(mode === "edit" && inStock ? { stockWas: loadedStock, stockReason: blankToNull(values.stockReason) } : {}),
    sold,
    showInGallery: sold && values.showInGallery,
    active: values.active,
    seoTitle: blankToNull(values.seoTitle),
    seoDescription: blankToNull(values.seoDescription),
    ...(mode === "clone" ? { clone: true as const } : {}),
  };
}
export type ProductPayload = ReturnType<typeof toProductPayload>;
