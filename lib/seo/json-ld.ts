import { FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD, HANDLING_DAYS, shippingFor, TRANSIT_DAYS } from "@/lib/checkout/pricing";
import { DEFAULT_COUNTRY } from "@/lib/checkout/schemas";
import { truncateMeta } from "@/lib/catalog/rules";
import type { ProductDTO } from "@/lib/catalog/types";
import { fromCents, toCents } from "@/lib/money";
import { META_DESCRIPTION_MAX, RETURN_WINDOW_DAYS, site } from "@/lib/site";
import { absoluteUrl } from "@/lib/seo/url";

/**
 * The shop's structured data (schema.org JSON-LD), built here and nowhere else:
 * Product + Offer for merchant listings (shipping and return policy included),
 * BreadcrumbList, Organization and WebSite. Pages render it with
 * components/seo/json-ld.tsx, which escapes it with serializeJsonLd.
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
export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

const CONTEXT = "https://schema.org" as const;
const CURRENCY = "USD";
const SCHEMA = (term: string) => `https://schema.org/${term}`;

export const ORGANIZATION_ID = () => absoluteUrl("/#organization");
export const WEBSITE_ID = () => absoluteUrl("/#website");

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

function days(range: { min: number; max: number }) {
  return { "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" };
}

function money(cents: number) {
  return { "@type": "MonetaryAmount", value: Number(fromCents(cents)), currency: CURRENCY };
}

const destination = () => ({ "@type": "DefinedRegion", addressCountry: DEFAULT_COUNTRY });

/** Shipping for an order of this one piece: the shop's rule applied to its price. */
export function offerShippingDetails(priceCents: number) {
  return {
    "@type": "OfferShippingDetails",
    shippingRate: money(shippingFor(priceCents)),
    shippingDestination: destination(),
    deliveryTime: { "@type": "ShippingDeliveryTime", handlingTime: days(HANDLING_DAYS), transitTime: days(TRANSIT_DAYS) },
  };
}

export function merchantReturnPolicy() {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: DEFAULT_COUNTRY,
    returnPolicyCountry: DEFAULT_COUNTRY,
    returnPolicyCategory: SCHEMA("MerchantReturnFiniteReturnWindow"),
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnMethod: SCHEMA("ReturnByMail"),
    returnFees: SCHEMA("ReturnFeesCustomerResponsibility"),
    customerRemorseReturnFees: SCHEMA("ReturnFeesCustomerResponsibility"),
    itemDefectReturnFees: SCHEMA("FreeReturn"),
    refundType: SCHEMA("FullRefund"),
    merchantReturnLink: absoluteUrl("/terms"),
  };
}

export function productJsonLd(product: ProductDTO): JsonLd {
  const url = absoluteUrl(productPath(product));
  const priceCents = toCents(product.price);
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
      availability: SCHEMA(product.sold ? "SoldOut" : "InStock"),
      itemCondition: SCHEMA("NewCondition"),
      seller: { "@type": "Organization", "@id": ORGANIZATION_ID(), name: site.name },
      shippingDetails: offerShippingDetails(priceCents),
      hasMerchantReturnPolicy: merchantReturnPolicy(),
    },
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

/** The shop-wide shipping rule: the flat rate up to the free-shipping threshold, free above it. */
function shippingService() {
  const destinationAndTime = { shippingDestination: destination(), transitTime: days(TRANSIT_DAYS) };
  return {
    "@type": "ShippingService",
    name: "USPS Ground Advantage",
    handlingTime: days(HANDLING_DAYS),
    shippingConditions: [
      {
        "@type": "ShippingConditions",
        ...destinationAndTime,
        orderValue: { "@type": "MonetaryAmount", minValue: 0, maxValue: Number(fromCents(FREE_SHIPPING_THRESHOLD)), currency: CURRENCY },
        shippingRate: money(FLAT_SHIPPING),
      },
      {
        "@type": "ShippingConditions",
        ...destinationAndTime,
        orderValue: { "@type": "MonetaryAmount", minValue: Number(fromCents(FREE_SHIPPING_THRESHOLD + 1)), currency: CURRENCY },
        shippingRate: money(0),
      },
    ],
  };
}

/** "(828) 555-0147" → "+1-828-555-0147". */
function internationalPhone(): string {
  return `+1-${site.phone.replace(/\D/g, "").replace(/^(\d{3})(\d{3})(\d{4})$/, "$1-$2-$3")}`;
}

export function organizationJsonLd(): JsonLd {
  const { address } = site;
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": ORGANIZATION_ID(),
    name: site.name,
    description: site.description,
    url: absoluteUrl("/"),
    logo: { "@type": "ImageObject", url: absoluteUrl("/icons/icon-512.png"), width: 512, height: 512 },
    email: site.email,
    telephone: internationalPhone(),
    founder: { "@type": "Person", name: site.maker },
    address: {
      "@type": "PostalAddress",
      streetAddress: [address.line1, address.line2].filter(Boolean).join(", "),
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      email: site.email,
      telephone: internationalPhone(),
      areaServed: DEFAULT_COUNTRY,
      availableLanguage: "en",
      url: absoluteUrl("/contact"),
    },
    sameAs: site.social.map((s) => s.href),
    hasMerchantReturnPolicy: merchantReturnPolicy(),
    hasShippingService: shippingService(),
  };
}

/** The site, with a sitelinks search box that runs the shop's search (/shop?search=…). */
export function websiteJsonLd(): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    "@id": WEBSITE_ID(),
    name: site.name,
    url: absoluteUrl("/"),
    publisher: { "@id": ORGANIZATION_ID() },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl("/shop")}?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text in it can close the script. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
