/**
 * Google's Rich Results rules for the shop's structured data, as a checker the
 * tests run over every product (integration) and over a served page (e2e):
 * merchant listing (Product + Offer with shipping details and return policy),
 * BreadcrumbList, Organization and WebSite. Required and recommended fields
 * must be present with the right types; URLs must be absolute.
 * Returns a list of problems (empty when valid), so a failure names them all.
 * Sources: developers.google.com/search/docs/appearance/structured-data —
 * merchant-listing, breadcrumb, organization, shipping-policy, return-policy.
 */
type Node = Record<string, unknown>;

const SCHEMA = "https://schema.org/";

class Checker {
  problems: string[] = [];
  fail(path: string, message: string) {
    this.problems.push(`${path}: ${message}`);
  }
  object(value: unknown, path: string, type?: string | string[]): Node | null {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      this.fail(path, `expected an object${type ? ` of type ${type}` : ""}, got ${JSON.stringify(value)}`);
      return null;
    }
    const node = value as Node;
    if (type && !(Array.isArray(type) ? type : [type]).includes(node["@type"] as string)) this.fail(path, `@type ${JSON.stringify(node["@type"])} is not ${type}`);
    return node;
  }
  text(node: Node, key: string, path: string, opts: { max?: number; optional?: boolean } = {}): string | null {
    const value = node[key];
    if (value === undefined && opts.optional) return null;
    if (typeof value !== "string" || !value.trim()) {
      this.fail(`${path}.${key}`, `expected non-empty text, got ${JSON.stringify(value)}`);
      return null;
    }
    if (opts.max && value.length > opts.max) this.fail(`${path}.${key}`, `longer than ${opts.max} characters`);
    return value;
  }
  url(node: Node, key: string, path: string, opts: { optional?: boolean } = {}): string | null {
    const value = node[key];
    if (value === undefined && opts.optional) return null;
    if (typeof value !== "string" || !/^https?:\/\/[^/\s]+\/?\S*$/.test(value)) {
      this.fail(`${path}.${key}`, `expected an absolute http(s) URL, got ${JSON.stringify(value)}`);
      return null;
    }
    return value;
  }
  enumValue(node: Node, key: string, path: string, allowed: string[]) {
    const value = node[key];
    if (typeof value !== "string" || !allowed.map((a) => SCHEMA + a).includes(value)) {
      this.fail(`${path}.${key}`, `expected one of ${allowed.map((a) => SCHEMA + a).join(", ")}, got ${JSON.stringify(value)}`);
    }
    return value;
  }
  number(node: Node, key: string, path: string, opts: { min?: number; integer?: boolean } = {}): number | null {
    const raw = node[key];
    const value = typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.fail(`${path}.${key}`, `expected a number, got ${JSON.stringify(raw)}`);
      return null;
    }
    if (opts.min !== undefined && value < opts.min) this.fail(`${path}.${key}`, `below ${opts.min}`);
    if (opts.integer && !Number.isInteger(value)) this.fail(`${path}.${key}`, "expected an integer");
    return value;
  }
  country(node: Node, key: string, path: string) {
    const value = node[key];
    if (typeof value !== "string" || !/^[A-Z]{2}$/.test(value)) this.fail(`${path}.${key}`, `expected an ISO 3166-1 alpha-2 code, got ${JSON.stringify(value)}`);
  }
  currency(node: Node, key: string, path: string) {
    const value = node[key];
    if (typeof value !== "string" || !/^[A-Z]{3}$/.test(value)) this.fail(`${path}.${key}`, `expected an ISO 4217 code, got ${JSON.stringify(value)}`);
  }
  context(node: Node, path: string) {
    if (node["@context"] !== "https://schema.org") this.fail(`${path}.@context`, `expected "https://schema.org", got ${JSON.stringify(node["@context"])}`);
  }
  dayRange(value: unknown, path: string) {
    const range = this.object(value, path, "QuantitativeValue");
    if (!range) return;
    const min = this.number(range, "minValue", path, { min: 0, integer: true });
    const max = this.number(range, "maxValue", path, { min: 0, integer: true });
    if (min !== null && max !== null && min > max) this.fail(path, "minValue is above maxValue");
    if (range.unitCode !== "DAY" && range.unitCode !== "d") this.fail(`${path}.unitCode`, `expected "DAY", got ${JSON.stringify(range.unitCode)}`);
  }
  money(value: unknown, path: string, opts: { currency?: string } = {}) {
    const amount = this.object(value, path, "MonetaryAmount");
    if (!amount) return null;
    this.currency(amount, "currency", path);
    if (opts.currency && amount.currency !== opts.currency) this.fail(`${path}.currency`, `must be the offer's currency ${opts.currency}`);
    if (amount.value === undefined && amount.maxValue === undefined && amount.minValue === undefined) this.fail(path, "needs value, minValue or maxValue");
    return amount.value === undefined ? null : this.number(amount, "value", path, { min: 0 });
  }
}

function checkShippingDetails(c: Checker, value: unknown, path: string, currency: string | undefined) {
  for (const [i, item] of (Array.isArray(value) ? value : [value]).entries()) {
    const p = `${path}[${i}]`;
    const details = c.object(item, p, "OfferShippingDetails");
    if (!details) continue;
    c.money(details.shippingRate, `${p}.shippingRate`, { currency });
    const destination = c.object(details.shippingDestination, `${p}.shippingDestination`, "DefinedRegion");
    if (destination) c.country(destination, "addressCountry", `${p}.shippingDestination`);
    const time = c.object(details.deliveryTime, `${p}.deliveryTime`, "ShippingDeliveryTime");
    if (time) {
      c.dayRange(time.handlingTime, `${p}.deliveryTime.handlingTime`);
      c.dayRange(time.transitTime, `${p}.deliveryTime.transitTime`);
    }
  }
}

const RETURN_CATEGORIES = ["MerchantReturnFiniteReturnWindow", "MerchantReturnNotPermitted", "MerchantReturnUnlimitedWindow", "MerchantReturnUnspecified"];
const RETURN_FEES = ["FreeReturn", "ReturnFeesCustomerResponsibility", "ReturnShippingFees"];

function checkReturnPolicy(c: Checker, value: unknown, path: string) {
  const policy = c.object(value, path, "MerchantReturnPolicy");
  if (!policy) return;
  c.country(policy, "applicableCountry", path);
  const category = c.enumValue(policy, "returnPolicyCategory", path, RETURN_CATEGORIES);
  if (category === `${SCHEMA}MerchantReturnFiniteReturnWindow`) c.number(policy, "merchantReturnDays", path, { min: 1, integer: true });
  if (category !== `${SCHEMA}MerchantReturnNotPermitted`) {
    // Recommended when returns are allowed.
    c.enumValue(policy, "returnMethod", path, ["ReturnByMail", "ReturnInStore", "ReturnAtKiosk"]);
    const fees = c.enumValue(policy, "returnFees", path, RETURN_FEES);
    if (fees === `${SCHEMA}ReturnShippingFees`) c.money(policy.returnShippingFeesAmount, `${path}.returnShippingFeesAmount`);
    if (policy.refundType !== undefined) c.enumValue(policy, "refundType", path, ["FullRefund", "ExchangeRefund", "StoreCreditRefund"]);
    if (policy.customerRemorseReturnFees !== undefined) c.enumValue(policy, "customerRemorseReturnFees", path, RETURN_FEES);
    if (policy.itemDefectReturnFees !== undefined) c.enumValue(policy, "itemDefectReturnFees", path, RETURN_FEES);
  }
  if (policy.returnPolicyCountry !== undefined) c.country(policy, "returnPolicyCountry", path);
  c.url(policy, "merchantReturnLink", path, { optional: true });
}

/**
 * Review snippets (developers.google.com/search/docs/appearance/structured-data/review-snippet):
 * AggregateRating needs ratingValue and ratingCount or reviewCount (> 0), the value within
 * worstRating..bestRating (default 1..5); each Review needs an author with a name (under 100
 * characters) and a reviewRating with its ratingValue in range.
 */
function checkRatingValue(c: Checker, node: Record<string, unknown>, path: string) {
  const value = c.number(node, "ratingValue", path);
  const best = node.bestRating === undefined ? 5 : c.number(node, "bestRating", path);
  const worst = node.worstRating === undefined ? 1 : c.number(node, "worstRating", path);
  if (value !== null && best !== null && worst !== null && (value > best || value < worst)) c.fail(`${path}.ratingValue`, `outside ${worst}..${best}`);
}

function checkAggregateRating(c: Checker, value: unknown, path: string) {
  const rating = c.object(value, path, "AggregateRating");
  if (!rating) return;
  checkRatingValue(c, rating, path);
  if (rating.ratingCount === undefined && rating.reviewCount === undefined) c.fail(path, "needs ratingCount or reviewCount");
  if (rating.ratingCount !== undefined) c.number(rating, "ratingCount", path, { min: 1, integer: true });
  if (rating.reviewCount !== undefined) c.number(rating, "reviewCount", path, { min: 1, integer: true });
}

function checkReviews(c: Checker, value: unknown, path: string) {
  for (const [i, raw] of (Array.isArray(value) ? value : [value]).entries()) {
    const p = `${path}[${i}]`;
    const review = c.object(raw, p, "Review");
    if (!review) continue;
    const author = c.object(review.author, `${p}.author`, ["Person", "Organization"]);
    if (author) c.text(author, "name", `${p}.author`, { max: 100 });
    const rating = c.object(review.reviewRating, `${p}.reviewRating`, "Rating");
    if (rating) checkRatingValue(c, rating, `${p}.reviewRating`);
    if (review.datePublished !== undefined && (typeof review.datePublished !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(review.datePublished))) c.fail(`${p}.datePublished`, "expected an ISO 8601 date");
  }
}

/** Merchant listing: Product with one Offer (Google: name, image, offers.price, priceCurrency required; availability, itemCondition, shippingDetails, hasMerchantReturnPolicy, url, description, sku, brand recommended). */
export function checkProduct(value: unknown, path = "Product"): string[] {
  const c = new Checker();
  const product = c.object(value, path, "Product");
  if (!product) return c.problems;
  c.context(product, path);
  checkProductNode(c, product, path, { offerAtProductUrl: true });
  return c.problems;
}

/** What every merchant-listing Product carries (a Product page's, or one variant's of a ProductGroup). */
function checkProductNode(c: Checker, product: Node, path: string, opts: { offerAtProductUrl: boolean }) {
  c.text(product, "name", path, { max: 150 });
  c.text(product, "description", path, { max: 5000 });
  c.text(product, "sku", path);
  c.url(product, "url", path);
  const images = Array.isArray(product.image) ? product.image : [product.image];
  if (!images.length) c.fail(`${path}.image`, "at least one image is required");
  images.forEach((image, i) => c.url({ image }, "image", `${path}.image[${i}]`));
  if (opts.offerAtProductUrl || product.brand !== undefined) {
    const brand = c.object(product.brand, `${path}.brand`, ["Brand", "Organization"]);
    if (brand) c.text(brand, "name", `${path}.brand`);
  }
  if (Array.isArray(product.offers)) c.fail(`${path}.offers`, "the shop sells each product at one price: expected one Offer");
  const offer = c.object(product.offers, `${path}.offers`, "Offer");
  if (!offer) return;
  const p = `${path}.offers`;
  const price = offer.price;
  if (typeof price !== "string" && typeof price !== "number") c.fail(`${p}.price`, `expected a price, got ${JSON.stringify(price)}`);
  else if (!/^\d+(\.\d{1,2})?$/.test(String(price)) || Number(price) <= 0) c.fail(`${p}.price`, `expected a positive amount with a dot decimal separator, got ${JSON.stringify(price)}`);
  c.currency(offer, "priceCurrency", p);
  c.enumValue(offer, "availability", p, [
    "InStock",
    "SoldOut",
    "OutOfStock",
    "PreOrder",
    "BackOrder",
    "MadeToOrder",
    "Discontinued",
    "InStoreOnly",
    "LimitedAvailability",
    "OnlineOnly",
    "PreSale",
    "Reserved",
  ]);
  c.enumValue(offer, "itemCondition", p, ["NewCondition", "UsedCondition", "RefurbishedCondition", "DamagedCondition"]);
  const offerUrl = c.url(offer, "url", p);
  const productUrl = typeof product.url === "string" ? product.url : null;
  if (offerUrl && productUrl && offerUrl !== productUrl) c.fail(`${p}.url`, "differs from the product's url");
  checkShippingDetails(c, offer.shippingDetails, `${p}.shippingDetails`, typeof offer.priceCurrency === "string" ? offer.priceCurrency : undefined);
  checkReturnPolicy(c, offer.hasMerchantReturnPolicy, `${p}.hasMerchantReturnPolicy`);
  if (product.aggregateRating !== undefined) checkAggregateRating(c, product.aggregateRating, `${path}.aggregateRating`);
  if (product.review !== undefined) {
    checkReviews(c, product.review, `${path}.review`);
    if (product.aggregateRating === undefined) c.fail(`${path}.review`, "reviews without an aggregateRating");
  }
}

/** The variant attributes Google reads (product variants: variesBy). */
const VARIES_BY = ["size", "color", "material", "pattern", "suggestedAge", "suggestedGender"];

/**
 * Product variants (developers.google.com/search/docs/appearance/structured-data/product-variants):
 * a ProductGroup with name, productGroupID, variesBy (schema.org properties among those Google
 * reads) and hasVariant, each variant a merchant-listing Product (its own sku, name, image, url and
 * one Offer at its own url) with a value for every variesBy property and inProductGroupWithID the
 * group's id; distinct SKUs and distinct addresses. Review snippets on the group as on a Product.
 */
export function checkProductGroup(value: unknown, path = "ProductGroup"): string[] {
  const c = new Checker();
  const group = c.object(value, path, "ProductGroup");
  if (!group) return c.problems;
  c.context(group, path);
  c.text(group, "name", path, { max: 150 });
  c.text(group, "description", path, { max: 5000 });
  c.url(group, "url", path);
  const groupId = c.text(group, "productGroupID", path);
  const brand = c.object(group.brand, `${path}.brand`, ["Brand", "Organization"]);
  if (brand) c.text(brand, "name", `${path}.brand`);
  const variesBy = Array.isArray(group.variesBy) ? group.variesBy : [group.variesBy];
  if (!variesBy.length || variesBy[0] === undefined) c.fail(`${path}.variesBy`, "expected at least one property");
  const properties = variesBy.flatMap((v, i) => {
    const name = typeof v === "string" && v.startsWith(SCHEMA) ? v.slice(SCHEMA.length) : null;
    if (!name || !VARIES_BY.includes(name)) {
      c.fail(`${path}.variesBy[${i}]`, `expected one of ${VARIES_BY.map((a) => SCHEMA + a).join(", ")}, got ${JSON.stringify(v)}`);
      return [];
    }
    return [name];
  });
  if (!Array.isArray(group.hasVariant) || !group.hasVariant.length) {
    c.fail(`${path}.hasVariant`, "expected a list of the variants");
    return c.problems;
  }
  const skus = new Set<unknown>();
  const urls = new Set<unknown>();
  group.hasVariant.forEach((raw: unknown, i: number) => {
    const p = `${path}.hasVariant[${i}]`;
    const variant = c.object(raw, p, "Product");
    if (!variant) return;
    checkProductNode(c, variant, p, { offerAtProductUrl: false });
    for (const property of properties) c.text(variant, property, p);
    if (groupId && variant.inProductGroupWithID !== groupId) c.fail(`${p}.inProductGroupWithID`, `expected the group's id ${JSON.stringify(groupId)}`);
    if (skus.has(variant.sku)) c.fail(`${p}.sku`, "another variant has this sku");
    skus.add(variant.sku);
    if (urls.has(variant.url)) c.fail(`${p}.url`, "another variant has this url");
    urls.add(variant.url);
  });
  if (group.aggregateRating !== undefined) checkAggregateRating(c, group.aggregateRating, `${path}.aggregateRating`);
  if (group.review !== undefined) {
    checkReviews(c, group.review, `${path}.review`);
    if (group.aggregateRating === undefined) c.fail(`${path}.review`, "reviews without an aggregateRating");
  }
  return c.problems;
}

/** A product page's product: a Product, or a ProductGroup for a product with variants. */
export function checkProductOrGroup(value: unknown): string[] {
  return (value as Node | null)?.["@type"] === "ProductGroup" ? checkProductGroup(value) : checkProduct(value);
}

/** BreadcrumbList: ListItems with position 1, 2, …, a name each, and an absolute `item` URL on all but (optionally) the last. */
export function checkBreadcrumb(value: unknown, path = "BreadcrumbList"): string[] {
  const c = new Checker();
  const list = c.object(value, path, "BreadcrumbList");
  if (!list) return c.problems;
  c.context(list, path);
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length < 2) {
    c.fail(`${path}.itemListElement`, "expected at least two ListItems");
    return c.problems;
  }
  items.forEach((raw, i) => {
    const p = `${path}.itemListElement[${i}]`;
    const item = c.object(raw, p, "ListItem");
    if (!item) return;
    if (item.position !== i + 1) c.fail(`${p}.position`, `expected ${i + 1}, got ${JSON.stringify(item.position)}`);
    c.text(item, "name", p);
    c.url(item, "item", p, { optional: i === items.length - 1 });
  });
  return c.problems;
}

/** Organization: name, url, logo (absolute, ≥ 112 px), contact, address; shipping and return policies when given. */
export function checkOrganization(value: unknown, path = "Organization"): string[] {
  const c = new Checker();
  const org = c.object(value, path, ["Organization", "OnlineStore", "Store"]);
  if (!org) return c.problems;
  c.context(org, path);
  c.text(org, "name", path);
  c.url(org, "url", path);
  const logo = typeof org.logo === "string" ? { url: org.logo } : c.object(org.logo, `${path}.logo`, "ImageObject");
  if (logo) {
    c.url(logo, "url", `${path}.logo`);
    if (logo.width !== undefined && Number(logo.width) < 112) c.fail(`${path}.logo.width`, "Google wants a logo at least 112 px wide");
  }
  c.text(org, "email", path);
  c.text(org, "telephone", path);
  if (typeof org.telephone === "string" && !/^\+\d[\d-]{6,}$/.test(org.telephone)) c.fail(`${path}.telephone`, "expected an international number (+1-…)");
  const address = c.object(org.address, `${path}.address`, "PostalAddress");
  if (address) {
    for (const key of ["streetAddress", "addressLocality", "addressRegion", "postalCode"]) c.text(address, key, `${path}.address`);
    c.country(address, "addressCountry", `${path}.address`);
  }
  const contact = c.object(org.contactPoint, `${path}.contactPoint`, "ContactPoint");
  if (contact) {
    c.text(contact, "contactType", `${path}.contactPoint`);
    if (!contact.email && !contact.telephone) c.fail(`${path}.contactPoint`, "needs an email or a telephone");
  }
  if (org.hasMerchantReturnPolicy !== undefined) checkReturnPolicy(c, org.hasMerchantReturnPolicy, `${path}.hasMerchantReturnPolicy`);
  if (org.hasShippingService !== undefined) {
    const service = c.object(org.hasShippingService, `${path}.hasShippingService`, "ShippingService");
    const conditions = service?.shippingConditions;
    if (!Array.isArray(conditions) || !conditions.length) c.fail(`${path}.hasShippingService.shippingConditions`, "expected ShippingConditions");
    else
      conditions.forEach((raw, i) => {
        const p = `${path}.hasShippingService.shippingConditions[${i}]`;
        const cond = c.object(raw, p, "ShippingConditions");
        if (!cond) return;
        c.money(cond.shippingRate, `${p}.shippingRate`);
        const destination = c.object(cond.shippingDestination, `${p}.shippingDestination`, "DefinedRegion");
        if (destination) c.country(destination, "addressCountry", `${p}.shippingDestination`);
        if (cond.orderValue !== undefined) c.money(cond.orderValue, `${p}.orderValue`);
        if (cond.transitTime !== undefined) c.dayRange(cond.transitTime, `${p}.transitTime`);
      });
  }
  if (org.aggregateRating !== undefined) checkAggregateRating(c, org.aggregateRating, `${path}.aggregateRating`);
  for (const [i, href] of (Array.isArray(org.sameAs) ? org.sameAs : []).entries()) c.url({ href }, "href", `${path}.sameAs[${i}]`);
  return c.problems;
}

/** WebSite with a sitelinks search box: a SearchAction whose urlTemplate holds the {search_term_string} the query-input names. */
export function checkWebSite(value: unknown, path = "WebSite"): string[] {
  const c = new Checker();
  const site = c.object(value, path, "WebSite");
  if (!site) return c.problems;
  c.context(site, path);
  c.text(site, "name", path);
  c.url(site, "url", path);
  const action = c.object(site.potentialAction, `${path}.potentialAction`, "SearchAction");
  if (!action) return c.problems;
  const target = c.object(action.target, `${path}.potentialAction.target`, "EntryPoint");
  const template = target && c.text(target, "urlTemplate", `${path}.potentialAction.target`);
  if (template && !/^https?:\/\/\S+\{search_term_string\}/.test(template)) c.fail(`${path}.potentialAction.target.urlTemplate`, "expected an absolute URL with {search_term_string}");
  if (action["query-input"] !== "required name=search_term_string") c.fail(`${path}.potentialAction.query-input`, 'expected "required name=search_term_string"');
  return c.problems;
}

/** The JSON-LD blocks of an HTML page, parsed (each script may hold an object or an array). */
export function jsonLdBlocks(html: string): Node[] {
  const blocks: Node[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const parsed = JSON.parse(match[1]) as Node | Node[];
    blocks.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }
  return blocks;
}
