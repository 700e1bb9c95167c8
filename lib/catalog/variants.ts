import { availabilityOf, type Availability, type StockFields } from "@/lib/inventory/stock";

/**
 * Variants, the one place their rules live; client-safe (no server,
 * database or zod imports). A product may be chosen by up to MAX_OPTIONS
 * options (Size: 6 mm, 8 mm, 10 mm), each combination a variant with its own
 * SKU, price, stock or lead time, backorder switch and image. A variant is
 * one of two kinds, with a product's semantics (lib/inventory/stock.ts): in
 * stock with a count (claimed by checkout with the same conditional
 * decrement as a counted product, lib/inventory/counts.ts, independently of its
 * siblings; `allowBackorder` keeps it on sale at 0), or made to order (no
 * count) in its lead time. A variant is never one of a kind.
 * A product without options has no variants and works exactly as before.
 */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;
/** A SKU: 1–40 capital letters, digits and inner hyphens ("DJ-8MM"); safe in a URL's query and path as it is. */
export const SKU_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{0,38}[A-Z0-9])?$/;
/** The product page's query parameter naming the chosen variant by SKU: /product/dowel-jig?variant=DJ-8MM. */
export const VARIANT_PARAM = "variant";

export type ProductOption = { name: string; values: string[] };

/** A variant as the catalogue hands it to pages and the API (money as a decimal string). */
export type VariantDTO = {
  id: number;
  sku: string;
  /** One value per product option, in the options' order. */
  values: string[];
  /** "Size: 8 mm" (variantLabel). */
  label: string;
  price: string;
  stock: number | null;
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  allowBackorder: boolean;
  image: string | null;
};

/** "Size: 8 mm", "Size: 8 mm, Wood: Oak": what a cart line, an order line and an email say of the variant. */
export function variantLabel(options: readonly ProductOption[], values: readonly string[]): string {
  return options.map((o, i) => `${o.name}: ${values[i] ?? ""}`).join(", ");
}

export { lineName } from "@/lib/catalog/line-name";

/** A variant's stock fields as the kind rules read them (never one of a kind). */
export function variantStock(v: Pick<VariantDTO, "stock" | "leadTimeMinDays" | "leadTimeMaxDays" | "allowBackorder">): StockFields {
  return { uniqueItem: false, sold: false, stock: v.stock, leadTimeMinDays: v.leadTimeMinDays, leadTimeMaxDays: v.leadTimeMaxDays, allowBackorder: v.allowBackorder };
}

const purchasable = (a: Availability) => a.state !== "sold" && a.state !== "sold_out";

/** The variant chosen when the URL names none (or one the product no longer has): the first that can be bought, else the first. */
export function defaultVariant<V extends Pick<VariantDTO, "stock" | "leadTimeMinDays" | "leadTimeMaxDays" | "allowBackorder">>(variants: readonly V[]): V | undefined {
  return variants.find((v) => purchasable(availabilityOf(variantStock(v)))) ?? variants[0];
}

/** What a product with variants promises as a whole (its card, its JSON-LD ProductGroup): the best any variant promises. */
export function groupAvailability(variants: ReadonlyArray<Pick<VariantDTO, "stock" | "leadTimeMinDays" | "leadTimeMaxDays" | "allowBackorder">>): Availability {
  let best: Extract<Availability, { state: "backorder" | "made_to_order" }> | null = null;
  for (const v of variants) {
    const a = availabilityOf(variantStock(v));
    if (a.state === "ready") return { state: "ready", left: null, days: a.days };
    if ((a.state === "backorder" || a.state === "made_to_order") && (!best || a.days.max < best.days.max)) best = a;
  }
  return best ?? { state: "sold_out" };
}

/** The lowest and highest price of the variants, in the products' decimal form; equal when they all cost the same. */
export function priceRange(variants: ReadonlyArray<Pick<VariantDTO, "price">>): { min: string; max: string } | null {
  if (!variants.length) return null;
  const cents = (p: string) => Number(p.replace(".", ""));
  let min = variants[0].price;
  let max = variants[0].price;
  for (const { price } of variants) {
    if (cents(price) < cents(min)) min = price;
    if (cents(price) > cents(max)) max = price;
  }
  return { min, max };
}

/** The variant with every chosen value, else the first with the value just chosen (the others follow it). */
export function matchVariant<V extends Pick<VariantDTO, "values">>(variants: readonly V[], chosen: readonly string[], changed: number): V | undefined {
  return variants.find((v) => v.values.every((value, i) => value === chosen[i])) ?? variants.find((v) => v.values[changed] === chosen[changed]);
}
