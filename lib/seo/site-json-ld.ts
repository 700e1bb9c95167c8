import { DEFAULT_COUNTRY, FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD, HANDLING_DAYS, TRANSIT_DAYS } from "@/lib/checkout/pricing";
import { fromCents } from "@/lib/money";
import { ratingSummary } from "@/lib/catalog/rating";
import { RETURN_WINDOW_DAYS, site } from "@/lib/site";

/**
 * The shop-wide part of the structured data (lib/seo/json-ld.ts has the rest
 * and the rules): Organization, WebSite and the pieces the product offers share
 * with them. No env and no server imports (the site's origin is an argument),
 * so any component may build from it; the home page renders its
 * Organization/WebSite on the server (components/seo/site-json-ld.tsx).
 */
export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

export const CONTEXT = "https://schema.org" as const;
export const CURRENCY = "USD";
export const SCHEMA = (term: string) => `https://schema.org/${term}`;

/** An absolute URL for a path on the site at `origin` (absolute URLs are returned as they are). */
export const urlAt = (origin: string, path: string) => new URL(path, origin).toString();

export const organizationId = (origin: string) => urlAt(origin, "/#organization");
const websiteId = (origin: string) => urlAt(origin, "/#website");

export function days(range: { min: number; max: number }) {
  return { "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitCode: "DAY" };
}

export function money(cents: number) {
  return { "@type": "MonetaryAmount", value: Number(fromCents(cents)), currency: CURRENCY };
}

export const destination = () => ({ "@type": "DefinedRegion", addressCountry: DEFAULT_COUNTRY });

export function merchantReturnPolicy(origin: string) {
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
    merchantReturnLink: urlAt(origin, "/terms"),
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

/** Approved-review totals (lib/reviews): an AggregateRating only when there are reviews, with the average the pages show. */
export function aggregateRatingJsonLd(totals: { count: number; starTotal: number } | null | undefined) {
  const summary = totals ? ratingSummary(totals.count, totals.starTotal) : null;
  if (!summary) return undefined;
  return { "@type": "AggregateRating", ratingValue: summary.average, bestRating: 5, worstRating: 1, ratingCount: summary.count, reviewCount: summary.count };
}

export function siteOrganizationJsonLd(origin: string, rating?: { count: number; starTotal: number } | null): JsonLd {
  const { address } = site;
  const aggregateRating = aggregateRatingJsonLd(rating);
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": organizationId(origin),
    name: site.name,
    description: site.description,
    url: urlAt(origin, "/"),
    logo: { "@type": "ImageObject", url: urlAt(origin, "/icons/icon-512.png"), width: 512, height: 512 },
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
      url: urlAt(origin, "/contact"),
    },
    sameAs: site.social.map((s) => s.href),
    hasMerchantReturnPolicy: merchantReturnPolicy(origin),
    hasShippingService: shippingService(),
    ...(aggregateRating ? { aggregateRating } : {}),
  };
}

/** The site, with a sitelinks search box that runs the shop's search (/shop?search=…). */
export function siteWebsiteJsonLd(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    "@id": websiteId(origin),
    name: site.name,
    url: urlAt(origin, "/"),
    publisher: { "@id": organizationId(origin) },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${urlAt(origin, "/shop")}?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text in it can close the script. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
