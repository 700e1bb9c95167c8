import { shippingFor, TRANSIT_DAYS } from "@/lib/checkout/pricing";
import { availabilityOf, type Availability, type DayRange } from "@/lib/inventory/stock";
import { HANDLING_DAYS } from "@/lib/inventory/stock-settings";
import { truncateMeta } from "@/lib/catalog/rules";
import type { ProductDTO } from "@/lib/catalog/types";
import { variantStock, VARIANT_PARAM, type VariantDTO } from "@/lib/catalog/variants";
import { toCents } from "@/lib/money";
import { META_DESCRIPTION_MAX, site } from "@/lib/site";
import { absoluteUrl, siteUrl } from "@/lib/seo/url";
import {
  aggregateRatingJsonLd,
  CONTEXT,
  CURRENCY,
  days,
  destination,
  merchantReturnPolicy,
  money,
  organizationId,
  SCHEMA,
  siteOrganizationJsonLd,
  siteWebsiteJsonLd,
  type JsonLd,
} from "@/lib/seo/site-json-ld";

export { serializeJsonLd, type JsonLd } from "@/lib/seo/site-json-ld";

/**
 * The shop's structured data (schema.org JSON-LD), built here and nowhere else:
 * Product + Offer for merchant listings (shipping and return policy included;
 * a product with variants: ProductGroup with a Product + Offer per variant),
 * BreadcrumbList, Organization and WebSite (the shop-wide ones, client-safe, in
 * lib/seo/site-json-ld.ts). Pages render it with components/seo/json-ld.tsx,
 * which escapes it with serializeJsonLd.
 *
 * Shipping: the offer carries what buying that one piece costs to ship
 * (lib/checkout/pricing.ts shippingFor its price: the flat rate, or free when
 * the piece alone is over the threshold); the Organization carries the
 * shop-wide rule (flat rate up to the threshold, free above it) as a
 * ShippingService with order-value conditions.
 *
 * Returns (Terms): 30 days from delivery, by mail, the customer pays return
 * shipping (ReturnFeesCustomerResponsibility — no fixed fee, so no amount);
 * items that arrive damaged or wrong are returned at the shop's cost.
 */
export type BreadcrumbTrailItem = { label: string; href?: string };

/** The breadcrumb shown on a product page (Home / Shop / category / product); the page renders the same list. */
export function productBreadcrumb(product: Pick<ProductDTO, "name" | "slug" | "category">): BreadcrumbTrailItem[] {
  return [
    { label: "Home", href: "/" },
    { label: "Shop", href: "/shop" },
    { label: product.category.name, href: `/shop/${product.category.slug}` },
    { label: product.name, href: productPath(product) },
  ];
}

export function productPath(product: Pick<ProductDTO, "slug">): string {
  return `/product/${product.slug}`;
}

/** The product page's meta description, also the JSON-LD description. */
export function productDescription(product: Pick<ProductDTO, "seoDescription" | "shortDescription" | "description">): string {
  return truncateMeta(product.seoDescription ?? product.shortDescription ?? product.description, META_DESCRIPTION_MAX);
}

/**
 * Shipping for an order of this one piece: the shop's rule applied to its price;
 * handling is the shop's handling time for a ready-to-ship product, the lead
 * time for one made to order or on backorder; transit is USPS Ground Advantage's.
 */
export function offerShippingDetails(priceCents: number, handling: DayRange = HANDLING_DAYS) {
  return {
    "@type": "OfferShippingDetails",
    shippingRate: money(shippingFor(priceCents)),
    shippingDestination: destination(),
    deliveryTime: { "@type": "ShippingDeliveryTime", handlingTime: days(handling), transitTime: days(TRANSIT_DAYS) },
  };
}

/** schema.org ItemAvailability for what the shop promises (lib/inventory/stock.ts). */
const OFFER_AVAILABILITY: Record<Availability["state"], string> = {
  sold: "SoldOut",
  sold_out: "OutOfStock",
  ready: "InStock",
  backorder: "BackOrder",
  made_to_order: "MadeToOrder",
  emailed: "InStock",
};

/** A published review as the JSON-LD needs it (lib/reviews/queries.ts PublicReviewDTO). */
export type ReviewForJsonLd = { rating: number; title: string; body: string; author: string; createdAt: string };

/** Reviews carried in a product's JSON-LD (the newest; the page shows them too). */
export const JSON_LD_REVIEWS = 5;

/** One offer: its price and what it promises (availability, handling time), shipping for it alone and the return policy. */
function offerJsonLd(url: string, price: string, availability: Availability) {
  const handling = "days" in availability ? availability.days : HANDLING_DAYS;
  return {
    "@type": "Offer",
    url,
    price,
    priceCurrency: CURRENCY,
    availability: SCHEMA(OFFER_AVAILABILITY[availability.state]),
    itemCondition: SCHEMA("NewCondition"),
    seller: { "@type": "Organization", "@id": organizationId(siteUrl().origin), name: site.name },
    // A gift card ships nothing: its code is emailed.
    ...(availability.state === "emailed" ? {} : { shippingDetails: offerShippingDetails(toCents(price), handling) }),
    hasMerchantReturnPolicy: merchantReturnPolicy(siteUrl().origin),
  };
}

/**
 * The schema.org properties Google reads a variant's attributes from (variesBy); an option named
 * otherwise is given as an additionalProperty of each variant, not in variesBy.
 */
const VARIES_BY: Array<[RegExp, string]> = [
  [/size|diameter|length|width|thickness|capacity/i, "size"],
  [/colou?r|finish|stain/i, "color"],
  [/material|wood|species/i, "material"],
  [/pattern/i, "pattern"],
];

function variesByProperty(optionName: string): string | null {
  return VARIES_BY.find(([re]) => re.test(optionName))?.[1] ?? null;
}

/** The page a variant is chosen on (lib/catalog/variant-url.mjs): /product/{slug}?variant={SKU}. */
export function variantPath(product: Pick<ProductDTO, "slug">, variant: Pick<VariantDTO, "sku">): string {
  return `${productPath(product)}?${VARIANT_PARAM}=${encodeURIComponent(variant.sku)}`;
}

/**
 * The product's structured data: the offer's availability and handling time
 * from what the product promises; `aggregateRating` and `review` only when it
 * has approved reviews (the counts on the product, the reviews the page shows):
 * never a rating no review stands behind. A product with variants is a
 * ProductGroup (Google's product variants): `productGroupID`, `variesBy` (the
 * options Google knows: size, color, material, pattern) and `hasVariant`, each
 * variant a Product with its own SKU, name, image, option values and offer
 * (its price, availability and handling time, at its own address).
 */
export function productJsonLd(product: ProductDTO, reviews: ReviewForJsonLd[] = []): JsonLd {
  const url = absoluteUrl(productPath(product));
  const availability = availabilityOf({ ...product, giftCard: product.kind === "gift_card" });
  const aggregateRating = aggregateRatingJsonLd({ count: product.reviewCount, starTotal: product.reviewStarTotal });
  const images = (product.images.length ? product.images : [site.fallbackImage]).map(absoluteUrl);
  const description = productDescription(product);
  const brand = { "@type": "Brand", name: site.name };
  const variants = product.variants?.length && product.options?.length ? product.variants : null;
  const groupId = `MM-${product.id}`;
  const options = product.options ?? [];
  return {
    "@context": CONTEXT,
    "@type": variants ? "ProductGroup" : "Product",
    "@id": `${url}#product`,
    name: product.name,
    description,
    image: images,
    ...(variants ? { productGroupID: groupId } : { sku: groupId }),
    category: product.category.name,
    brand,
    url,
    ...(variants
      ? {
          variesBy: [...new Set(options.flatMap((o) => variesByProperty(o.name) ?? []))].map(SCHEMA),
          hasVariant: variants.map((v) => {
            const variantUrl = absoluteUrl(variantPath(product, v));
            const extra = options.flatMap((o, i) => (variesByProperty(o.name) ? [] : [{ "@type": "PropertyValue", name: o.name, value: v.values[i] }]));
            return {
              "@type": "Product",
              "@id": `${variantUrl}#variant`,
              name: `${product.name} — ${v.label}`,
              description,
              sku: v.sku,
              image: v.image ? [absoluteUrl(v.image)] : images,
              url: variantUrl,
              inProductGroupWithID: groupId,
              ...Object.fromEntries(options.flatMap((o, i) => (variesByProperty(o.name) ? [[variesByProperty(o.name)!, v.values[i]]] : []))),
              ...(extra.length ? { additionalProperty: extra } : {}),
              offers: offerJsonLd(variantUrl, v.price, availabilityOf(variantStock(v))),
            };
          }),
        }
      : { offers: offerJsonLd(url, product.price, availability) }),
    ...(aggregateRating ? { aggregateRating } : {}),
    ...(aggregateRating && reviews.length
      ? {
          review: reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
            "@type": "Review",
            name: r.title,
            reviewBody: r.body,
            datePublished: r.createdAt.slice(0, 10),
            author: { "@type": "Person", name: r.author },
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** The visible breadcrumb as a BreadcrumbList: every item named and linked (absolute URLs), positions from 1. */
export function breadcrumbJsonLd(items: BreadcrumbTrailItem[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.label,
      ...(item.href ? { item: absoluteUrl(item.href) } : {}),
    })),
  };
}

/** The shop as an Organization (address, contact, shipping rule, return policy), at SITE_URL. */
export const organizationJsonLd = (): JsonLd => siteOrganizationJsonLd(siteUrl().origin);

/** The site, with a sitelinks search box, at SITE_URL. */
export const websiteJsonLd = (): JsonLd => siteWebsiteJsonLd(siteUrl().origin);
