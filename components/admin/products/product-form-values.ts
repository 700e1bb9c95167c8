import type { AdminProductDTO } from "@/lib/catalog/admin-schemas";
import type { CategoryDTO } from "@/lib/catalog/types";
import type { ProductKind } from "@/lib/inventory/stock";
import { slugify } from "@/lib/catalog/rules";
import type { UploadedImage } from "@/components/admin/products/upload-images";

/** A product row in the admin table: the public DTO (inactive ones too) plus its category's name. */
export type AdminProductRow = AdminProductDTO;
export type CategoryOption = Pick<CategoryDTO, "id" | "name" | "active">;
/** One of the maker's boxes, for the package's box choice (lib/shipping). */
export type BoxOption = { id: number; name: string; innerLengthMm: number; innerWidthMm: number; innerHeightMm: number };

export type ProductFormMode = "create" | "edit" | "clone";

/** One option as the form edits it: its name and its values as typed ("6 mm, 8 mm, 10 mm"). */
export type OptionFormRow = { name: string; values: string };

/** One variant as the form edits it (lib/catalog/variants.ts); strings stay strings until the shared schema parses them. */
export type VariantFormRow = {
  /** An existing variant's id (edit): its row, cart lines and count's history are kept. */
  id?: number;
  values: string[];
  sku: string;
  price: string;
  kind: "in_stock" | "made_to_order";
  stock: string;
  allowBackorder: boolean;
  leadTimeMinDays: string;
  leadTimeMaxDays: string;
  image: string;
  /** The count an existing variant was loaded with: a count moved since (orders came in) refuses the save. */
  stockWas?: number | null;
  /** Its own packed weight in grams (lib/shipping); blank: the product's. */
  weightGrams: string;
  /** The box it ships in ("" the product's box or dimensions). */
  boxId: string;
};

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
  /** One of a kind, in stock (counted) or made to order (lib/inventory/stock.ts). */
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
  /** Options and variants (none: a product without variants). */
  options: OptionFormRow[];
  variants: VariantFormRow[];
  /** The package (lib/shipping/schemas.ts): packed weight in grams, and the box ("" none) or the package's own sides in mm. */
  weightGrams: string;
  boxId: string;
  lengthMm: string;
  widthMm: string;
  heightMm: string;
  /** An oversize piece: its own freight price, or delivered by arrangement. */
  freightPrice: string;
  contactForDelivery: boolean;
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
  options: [],
  variants: [],
  weightGrams: "",
  boxId: "",
  lengthMm: "",
  widthMm: "",
  heightMm: "",
  freightPrice: "",
  contactForDelivery: false,
};

/** Form values for a mode: blank (create), the product (edit) or the spec's clone (name + ' (Copy)', slug + '-copy', no images or video). */
export function toFormValues(product: AdminProductRow | null, mode: ProductFormMode): ProductFormValues {
  if (!product || mode === "create") return { ...EMPTY_PRODUCT, images: [], options: [], variants: [] };
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
    options: (product.options ?? []).map((o) => ({ name: o.name, values: o.values.join(", ") })),
    variants: (product.variants ?? []).map((v) => ({
      id: v.id,
      values: v.values,
      sku: v.sku,
      price: v.price,
      kind: v.stock === null ? "made_to_order" : "in_stock",
      stock: v.stock === null ? "" : String(v.stock),
      allowBackorder: v.allowBackorder,
      leadTimeMinDays: v.leadTimeMinDays === null ? "" : String(v.leadTimeMinDays),
      leadTimeMaxDays: v.leadTimeMaxDays === null ? "" : String(v.leadTimeMaxDays),
      image: v.image ?? "",
      stockWas: v.stock,
      weightGrams: text(product.variantPackages?.[v.sku]?.weightGrams),
      boxId: text(product.variantPackages?.[v.sku]?.boxId),
    })),
    ...packageValues(product),
  };
  if (mode === "edit") return base;
  // A clone starts without images, so its variants have none either; their SKUs must be new ones (unique in the shop).
  return {
    ...base,
    name: `${product.name} (Copy)`,
    slug: `${product.slug}-copy`,
    images: [],
    videoUrl: "",
    variants: base.variants.map(({ id: _id, stockWas: _was, ...v }) => ({ ...v, sku: `${v.sku}-COPY`.slice(0, 40).replace(/-+$/, ""), image: "" })),
  };
}

const text = (n: number | string | null | undefined) => (n === null || n === undefined ? "" : String(n));

function packageValues(product: AdminProductRow) {
  const p = product.package;
  return {
    weightGrams: text(p?.weightGrams),
    boxId: text(p?.boxId),
    lengthMm: text(p?.lengthMm),
    widthMm: text(p?.widthMm),
    heightMm: text(p?.heightMm),
    freightPrice: text(p?.freightPrice),
    contactForDelivery: p?.contactForDelivery ?? false,
  };
}

/** An option's values as typed, split at commas: trimmed, blanks dropped. */
export const optionValuesOf = (o: OptionFormRow) =>
  o.values
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** A SKU suggested for a combination: the slug's initials and the values ("self-centring-dowelling-jig", ["8 mm"] → "SCDJ-8MM"). */
function suggestedSku(slug: string, values: string[]): string {
  const stem =
    slug
      .split("-")
      .map((w) => w[0] ?? "")
      .join("")
      .toUpperCase() || "SKU";
  const parts = values.map((v) => slugify(v).replace(/-/g, "").toUpperCase()).filter(Boolean);
  return [stem, ...parts].join("-").slice(0, 40).replace(/-+$/, "");
}

/**
 * One row for every combination of the options' values, in their order: a row the form already
 * has for a combination is kept as it is; a new one gets a suggested SKU, the product's price (or the
 * first row's) and is made to order.
 */
export function generateVariantRows(values: ProductFormValues): VariantFormRow[] {
  const lists = values.options.map(optionValuesOf);
  if (!lists.length || lists.some((l) => l.length === 0)) return values.variants;
  const combinations = lists.reduce<string[][]>((acc, list) => acc.flatMap((c) => list.map((v) => [...c, v])), [[]]);
  const slug = values.slug.trim() || slugify(values.name) || "sku";
  const price = values.price.trim() || values.variants[0]?.price || "";
  return combinations.map((combination) => {
    const same = values.variants.find((v) => v.values.length === combination.length && v.values.every((x, i) => x === combination[i]));
    return (
      same ?? {
        values: combination,
        sku: suggestedSku(slug, combination),
        price,
        kind: "made_to_order",
        stock: "",
        allowBackorder: false,
        leadTimeMinDays: "",
        leadTimeMaxDays: "",
        image: "",
        weightGrams: "",
        boxId: "",
      }
    );
  });
}

const blankToNull = (v: string) => (v.trim() === "" ? null : v.trim());

/**
 * The body the server action (and the shared productInputSchema) receives:
 * trimmed text, blank optional text as null, a blank slug left for the
 * server to derive, flags that only mean something for unique pieces cleared.
 */
export function toProductPayload(values: ProductFormValues, mode: ProductFormMode, loadedStock: number | null = null) {
  // With options the product is chosen by its variants: they carry the prices, counts and lead times.
  const withVariants = values.options.length > 0;
  const kind = withVariants ? "made_to_order" : values.kind;
  const uniqueItem = kind === "one_of_a_kind";
  const inStock = kind === "in_stock";
  const sold = uniqueItem && values.sold;
  const variants = withVariants
    ? values.variants.map((v) => {
        const counted = v.kind === "in_stock";
        return {
          ...(v.id !== undefined ? { id: v.id } : {}),
          sku: v.sku.trim(),
          values: v.values,
          price: v.price.trim(),
          kind: v.kind,
          stock: counted ? v.stock.trim() : null,
          allowBackorder: counted && v.allowBackorder,
          leadTimeMinDays: !counted || v.allowBackorder ? blankToNull(v.leadTimeMinDays) : null,
          leadTimeMaxDays: !counted || v.allowBackorder ? blankToNull(v.leadTimeMaxDays) : null,
          image: blankToNull(v.image),
          weightGrams: blankToNull(v.weightGrams ?? ""),
          boxId: blankToNull(v.boxId ?? ""),
          ...(mode === "edit" && v.stockWas !== undefined ? { stockWas: v.stockWas } : {}),
        };
      })
    : [];
  const variantCountChanged =
    mode === "edit" && values.variants.some((v) => withVariants && v.stockWas !== undefined && v.stockWas !== null && v.kind === "in_stock" && v.stock.trim() !== String(v.stockWas));
  return {
    name: values.name.trim(),
    slug: values.slug.trim() || undefined,
    description: values.description.trim(),
    shortDescription: blankToNull(values.shortDescription),
    // A product with variants is priced by them (the server takes the lowest).
    ...(withVariants ? {} : { price: values.price.trim() }),
    categoryId: values.categoryId,
    images: values.images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: blankToNull(i.alt ?? "") })),
    videoUrl: blankToNull(values.videoUrl),
    featured: values.featured,
    kind,
    uniqueItem,
    stock: inStock ? values.stock.trim() : null,
    allowBackorder: inStock && values.allowBackorder,
    leadTimeMinDays: uniqueItem ? null : blankToNull(values.leadTimeMinDays),
    leadTimeMaxDays: uniqueItem ? null : blankToNull(values.leadTimeMaxDays),
    // An edit says which count it was loaded with (orders may take units meanwhile) and why it changes it.
    ...(mode === "edit" && inStock ? { stockWas: loadedStock, stockReason: blankToNull(values.stockReason) } : {}),
    ...(variantCountChanged ? { stockReason: blankToNull(values.stockReason) } : {}),
    options: withVariants ? values.options.map((o) => ({ name: o.name.trim(), values: optionValuesOf(o) })) : [],
    variants,
    sold,
    showInGallery: sold && values.showInGallery,
    active: values.active,
    seoTitle: blankToNull(values.seoTitle),
    seoDescription: blankToNull(values.seoDescription),
    ...(mode === "clone" ? { clone: true as const } : {}),
    // A gift card has no package: the fields are cleared (the server refuses any it is sent).
    ...(kind === "gift_card"
      ? { weightGrams: null, boxId: null, lengthMm: null, widthMm: null, heightMm: null, freightPrice: null, contactForDelivery: false }
      : {
          weightGrams: blankToNull(values.weightGrams),
          boxId: blankToNull(values.boxId),
          // A box replaces the package's own sides.
          lengthMm: values.boxId ? null : blankToNull(values.lengthMm),
          widthMm: values.boxId ? null : blankToNull(values.widthMm),
          heightMm: values.boxId ? null : blankToNull(values.heightMm),
          freightPrice: blankToNull(values.freightPrice),
          contactForDelivery: values.contactForDelivery,
        }),
  };
}
export type ProductPayload = ReturnType<typeof toProductPayload>;
