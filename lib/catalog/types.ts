import { truncateMeta } from "@/lib/catalog/rules";
import { availabilityOf, fewLeft, isPurchasable, maxOrderQuantity, productKind, shipDays, shippingPromise, type DayRange, type ProductKind } from "@/lib/inventory/stock";
import { DEFAULT_IMAGE_SIZE } from "@/lib/images/loader";
import { ratingSummary } from "@/lib/catalog/rating";
import { groupAvailability, priceRange, variantStock, type ProductOption, type VariantDTO } from "@/lib/catalog/variants";

export { DEFAULT_IMAGE_SIZE };

/** Plain DTOs the catalogue hands to pages, components and the API (money as decimal strings). */
export type CategoryDTO = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  sortOrder: number;
  active: boolean;
};

export type ProductImageDTO = { url: string; width: number; height: number; alt: string | null };

export type ProductDTO = {
  id: number;
  name: string;
  slug: string;
  description: string;
  shortDescription: string | null;
  price: string;
  categoryId: number;
  category: { name: string; slug: string };
  /** Ordered image URLs; the first is the main image (spec §3). */
  images: string[];
  /** The same images with their stored sizes, for next/image. */
  media: ProductImageDTO[];
  videoUrl: string | null;
  featured: boolean;
  uniqueItem: boolean;
  sold: boolean;
  showInGallery: boolean;
  /** One of the three kinds (lib/inventory/stock.ts), derived from `uniqueItem` and `stock`. */
  kind: ProductKind;
  /** Units ready to ship (in stock only; null otherwise). */
  stock: number | null;
  /** The product's own lead time in working days (null: the shop's default). */
  leadTimeMinDays: number | null;
  leadTimeMaxDays: number | null;
  allowBackorder: boolean;
  active: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  createdAt: string;
  /** Approved reviews and the sum of their stars (lib/catalog/rating.ts ratingSummary reads them); 0 and 0 without reviews. */
  reviewCount: number;
  reviewStarTotal: number;
  /**
   * Only on a product with variants (lib/catalog/variants.ts): what it is chosen by, and each
   * combination with its own SKU, price, stock or lead time. Its `price` is then the lowest
   * variant's (kept by the admin service), and its own stock fields say nothing.
   */
  options?: ProductOption[];
  variants?: VariantDTO[];
};

export type ProductList = { products: ProductDTO[]; total: number };

export type GalleryItemDTO = Pick<ProductDTO, "id" | "slug" | "name" | "images" | "media" | "shortDescription" | "description" | "reviewCount" | "reviewStarTotal"> & {
  category: { name: string } | null;
};

/** The few fields cart controls need: passed to client components instead of the whole product. */
export type CartProductDTO = Pick<ProductDTO, "id" | "slug" | "name" | "price" | "uniqueItem" | "sold"> & {
  image: string | null;
  /** An in-stock product run out, without backorder: not purchasable ("Sold out"). */
  soldOut?: true;
  /** The most one order may take (what is left of an in-stock product); absent: no limit but the cart's. */
  maxQuantity?: number;
  /** "Ships in 1–2 days", "Made to order — ships in 10–15 working days", … (lib/inventory/stock.ts shippingPromise). */
  ships?: string;
  /** "Only 3 left", for an in-stock product down to its last few units. */
  fewLeft?: string;
  /** The promise in working days (absent when it cannot be bought). */
  shipDays?: DayRange;
  /** A variant of the product (its id, and "Size: 8 mm"): the cart line is the product's and this variant's. */
  variantId?: number;
  variantLabel?: string;
  /** A gift card: nothing to ship (lib/checkout/pricing.ts orderTotals), its recipient's email asked at checkout. */
  giftCard?: true;
};

/** What a product promises as a whole: its own stock fields, or for a product with variants the best any variant promises. */
export function productAvailability(p: ProductDTO) {
  return p.variants?.length ? groupAvailability(p.variants) : availabilityOf({ ...p, giftCard: p.kind === "gift_card" });
}

export function toCartProduct(p: ProductDTO): CartProductDTO {
  const availability = productAvailability(p);
  const max = p.variants?.length ? null : maxOrderQuantity(p);
  const few = p.variants?.length ? null : fewLeft(availability);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    price: p.price,
    uniqueItem: p.uniqueItem,
    // Not purchasable either way: a sold piece, or an in-stock product run out (soldOut: "Sold out", no ribbon).
    sold: p.sold || !isPurchasable(availability),
    image: p.images[0] ?? null,
    ...(!p.uniqueItem && !isPurchasable(availability) ? { soldOut: true as const } : {}),
    ...(!p.uniqueItem && max !== null ? { maxQuantity: max } : {}),
    ships: shippingPromise(availability),
    ...(few ? { fewLeft: few } : {}),
    ...(shipDays(availability) ? { shipDays: shipDays(availability)! } : {}),
    ...(p.kind === "gift_card" ? { giftCard: true as const } : {}),
  };
}

/** One variant of a product as the purchase controls add it to the cart: its price, image, count limit and promise. */
export function toVariantCartProduct(p: ProductDTO, v: VariantDTO): CartProductDTO {
  const stock = variantStock(v);
  const availability = availabilityOf(stock);
  const max = maxOrderQuantity(stock);
  const few = fewLeft(availability);
  const days = shipDays(availability);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    price: v.price,
    uniqueItem: false,
    sold: !isPurchasable(availability),
    image: v.image ?? p.images[0] ?? null,
    ...(!isPurchasable(availability) ? { soldOut: true as const } : {}),
    ...(max !== null ? { maxQuantity: max } : {}),
    ships: shippingPromise(availability),
    ...(few ? { fewLeft: few } : {}),
    ...(days ? { shipDays: days } : {}),
    variantId: v.id,
    variantLabel: v.label,
  };
}

/** The stored stock fields as the DTO carries them, with the derived kind. */
export function stockFieldsOf(p: { uniqueItem: boolean; stock: number | null; leadTimeMinDays: number | null; leadTimeMaxDays: number | null; allowBackorder: boolean; giftCard?: boolean }) {
  return { kind: productKind(p), stock: p.stock, leadTimeMinDays: p.leadTimeMinDays, leadTimeMaxDays: p.leadTimeMaxDays, allowBackorder: p.allowBackorder };
}

/**
 * What a product card shows (spec §2), and nothing else: listings hand this to
 * the card, so their RSC payload carries a dozen small records rather than a
 * dozen copies of the card's markup. `width`/`height`/`alt` describe `image`
 * (the main image's stored size); a product without images has `image` null.
 * Written once per card in the payload, so what is usual is left out: no
 * `summary`, `featured`, `alt` (the name describes the image) or size
 * (DEFAULT_IMAGE_SIZE) unless the product has its own.
 */
export type ProductCardDTO = CartProductDTO & {
  category: string;
  summary?: string;
  featured?: true;
  width?: number;
  height?: number;
  alt?: string;
  /**
   * Only with approved reviews (a card without them shows no stars): [label, accessible name, average],
   * "4.5 · 12 reviews", "Rated 4.5 out of 5 from 12 reviews", 4.5 (lib/catalog/rating.ts ratingSummary,
   * worked out here on the server so the card's JavaScript carries none of it).
   */
  rating?: [string, string, number];
  /** A product with variants: its price is the lowest ("From $29.00" when they differ), and the card links to its page to choose ("Choose size"). */
  from?: true;
  choose?: string;
};

export function toProductCard(p: ProductDTO): ProductCardDTO {
  const main = p.media[0];
  // The card adds one unit and shows the promise's words: the days and the count limit stay off its record (the cart gets them from the server's check).
  const { shipDays: _days, maxQuantity: _max, fewLeft, ships, ...cart } = toCartProduct(p);
  // Clamped to three lines on the card: the HTML need not carry a long description whole.
  const summary = truncateMeta(p.shortDescription ?? p.description, 200);
  const sized = main && (main.width !== DEFAULT_IMAGE_SIZE.width || main.height !== DEFAULT_IMAGE_SIZE.height);
  return {
    ...cart,
    // One line of words ("Only 3 left · Ships in 1–2 days"); none on a sold piece, which has its ribbon.
    ...(p.uniqueItem && p.sold ? {} : { ships: fewLeft ? `${fewLeft} · ${ships}` : ships }),
    category: p.category.name,
    ...(summary ? { summary } : {}),
    ...(p.featured ? { featured: true as const } : {}),
    ...(sized ? { width: main.width, height: main.height } : {}),
    // Most images are described by the product name: only a different text is sent.
    ...(main?.alt && main.alt !== p.name ? { alt: main.alt } : {}),
    ...cardRating(p),
    ...cardChoice(p),
  };
}

function cardChoice(p: ProductDTO): { from?: true; choose?: string } {
  if (!p.variants?.length || !p.options?.length) return {};
  const range = priceRange(p.variants);
  return { ...(range && range.min !== range.max ? { from: true as const } : {}), choose: p.options.length === 1 ? `Choose ${p.options[0].name.toLowerCase()}` : "Choose options" };
}

function cardRating(p: ProductDTO): { rating?: [string, string, number] } {
  const summary = ratingSummary(p.reviewCount, p.reviewStarTotal);
  return summary ? { rating: [summary.label, summary.accessibleName, summary.average] } : {};
}
