import { shippingFor, TRANSIT_DAYS } from "@/lib/checkout/pricing";
import { availabilityOf, type Availability, type DayRange } from "@/lib/catalog/stock";
import { HANDLING_DAYS } from "@/lib/catalog/stock-settings";
import { truncateMeta } from "@/lib/catalog/rules";
import type { ProductDTO } from "@/lib/catalog/types";
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
 * Product + Offer for merchant listings (shipping and return policy included),
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

/** schema.org ItemAvailability for what the shop promises (lib/catalog/stock.ts). */
const OFFER_AVAILABILITY: Record<Availability["state"], string> = {
  sold: "SoldOut",
  sold_out: "OutOfStock",
  ready: "InStock",
  backorder: "BackOrder",
  made_to_order: "MadeToOrder",
};

/** A published review as the JSON-LD needs it (lib/reviews/queries.ts PublicReviewDTO). */
export type ReviewForJsonLd = { rating: number; title: string; body: string; author: string; createdAt: string };

/** Reviews carried in a product's JSON-LD (the newest; the page shows them too). */
export const JSON_LD_REVIEWS = 5;

/**
 * The product's structured data: the offer's availability and handling time
 * from what the product promises; `aggregateRating` and `review` only when it
 * has approved reviews (the counts on the product, the reviews the page shows):
 * never a rating no review stands behind.
 */
export function productJsonLd(product: ProductDTO, reviews: ReviewForJsonLd[] = []): JsonLd {
  const url = absoluteUrl(productPath(product));
  const priceCents = toCents(product.price);
  const availability = availabilityOf(product);
  const handling = "days" in availability ? availability.days : HANDLING_DAYS;
  const aggregateRating = aggregateRatingJsonLd({ count: product.reviewCount, starTotal: product.reviewStarTotal });
  return {
    "@context": CONTEXT,
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description: productDescription(product),
    image: (product.images.length ? product.images : [site.fallbackImage]).map(absoluteUrl),
    sku: `MM-${product.id}`,
    category: product.category.name,
    brand: { "@type": "Brand", name: site.name },
    url,
    offers: {
      "@type": "Offer",
      url,
      price: product.price,
      priceCurrency: CURRENCY,
      availability: SCHEMA(OFFER_AVAILABILITY[availability.state]),
      itemCondition: SCHEMA("NewCondition"),
      seller: { "@type": "Organization", "@id": organizationId(siteUrl().origin), name: site.name },
      shippingDetails: offerShippingDetails(priceCents, handling),
      hasMerchantReturnPolicy: merchantReturnPolicy(siteUrl().origin),
    },
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
