import type { Cents } from "@/lib/money";
import { usStateCode } from "@/lib/tax/us-states";
import { DOMESTIC_SERVICE, FLAT_SHIPPING, flatCharge, FREE_SHIPPING_THRESHOLD } from "@/lib/shipping/defaults";
import { INTERNATIONAL_SERVICE } from "@/lib/shipping/services";

/**
 * The one shipping rule, in integer cents: which zone an address is in, and what a
 * cart's goods pay to get there. Client-safe (no server imports): the cart page's estimate
 * (lib/checkout/pricing.ts `shippingFor`, the default zone) and the server's price for a
 * checkout (lib/shipping/service.ts `priceShipment`) both come from here.
 */

export { DOMESTIC_SERVICE, FLAT_SHIPPING, flatCharge, FREE_SHIPPING_THRESHOLD };
export { amountToFreeShipping, carrierServiceLabel, deliveryEstimate, INTERNATIONAL_SERVICE, PICKUP_SERVICE, RATE_CODE, rateCode, serviceLabel } from "@/lib/shipping/services";

export const ZONE_CODES = ["us", "us_remote", "ca", "world"] as const;
export type ZoneCode = (typeof ZONE_CODES)[number];
export const ZONE_NAMES: Readonly<Record<ZoneCode, string>> = {
  us: "United States (the contiguous 48 states and DC)",
  us_remote: "Alaska, Hawaii, US territories and military addresses",
  ca: "Canada",
  world: "Rest of the world",
};

/** One row of a rate table: parcels up to `upToGrams` (null: any heavier weight, the last row) pay `rate`. */
export type RateRow = { upToGrams: number | null; rate: Cents };
export type ShippingMethodName = "flat" | "table" | "live";

/** A zone as the rule reads it (a ShippingZone row, or its default). */
export type ZoneRule = {
  code: ZoneCode;
  /** false: "we don't ship there". */
  ships: boolean;
  method: ShippingMethodName;
  /** The flat rate; in a table or live zone, what a parcel holding a piece without a weight pays at least. */
  flatRate: Cents;
  /** Free when the goods come to OVER this (null: never free). */
  freeOver: Cents | null;
  rateTable: RateRow[];
};

/** What a fresh shop does: the spec's $15.99, free over $100, everywhere in the US (as before zones); nowhere else. */
export const DEFAULT_ZONES: Readonly<Record<ZoneCode, ZoneRule>> = {
  us: { code: "us", ships: true, method: "flat", flatRate: FLAT_SHIPPING, freeOver: FREE_SHIPPING_THRESHOLD, rateTable: [] },
  us_remote: { code: "us_remote", ships: true, method: "flat", flatRate: FLAT_SHIPPING, freeOver: FREE_SHIPPING_THRESHOLD, rateTable: [] },
  ca: { code: "ca", ships: false, method: "flat", flatRate: FLAT_SHIPPING, freeOver: FREE_SHIPPING_THRESHOLD, rateTable: [] },
  world: { code: "world", ships: false, method: "flat", flatRate: FLAT_SHIPPING, freeOver: FREE_SHIPPING_THRESHOLD, rateTable: [] },
};

/** Alaska, Hawaii, the territories and military post: apart from the contiguous states. */
const REMOTE_STATES = new Set(["AK", "HI", "AS", "GU", "MP", "PR", "VI", "AA", "AE", "AP"]);
/** The same by ZIP prefix, for a state written in a way the state list does not know (Alaska 995–999, Hawaii 967–968, Puerto Rico/VI 006–009, Guam/MP/AS 969). */
const REMOTE_ZIP = /^(99[5-9]|96[7-9]|00[6-9])/;

export type ZoneError = { code: "unknown_country"; message: string };

/** Region codes Intl names that are not countries one can post to. */
const NOT_COUNTRIES = new Set(["ZZ", "EU", "EZ", "UN", "QO", "XA", "XB"]);
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** The country's English name ("CA" → "Canada"), or null when the code names no country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return null;
  try {
    const name = regionNames.of(code);
    return name && name !== code && name !== "Unknown Region" ? name : null;
  } catch {
    return null;
  }
}

/** The zone of an address: its country, and in the US its state (or ZIP). An unknown country code is an error, never a guess. */
export function zoneOf(address: { country?: string | null; state?: string | null; postalCode?: string | null }): { zone: ZoneCode } | ZoneError {
  const country = (address.country ?? "US").trim().toUpperCase();
  if (country === "US") {
    const state = usStateCode(address.state);
    const remote = state ? REMOTE_STATES.has(state) : REMOTE_ZIP.test((address.postalCode ?? "").trim());
    return { zone: remote ? "us_remote" : "us" };
  }
  if (!countryName(country)) return { code: "unknown_country", message: `“${country.slice(0, 12)}” is not a country code we know (use two letters, e.g. US or CA).` };
  return { zone: country === "CA" ? "ca" : "world" };
}

/** The table's rate for a parcel of `grams`: the first row it fits (the last row is open-ended). */
export function tableRate(grams: number, table: ReadonlyArray<RateRow>): Cents {
  const row = table.find((r) => r.upToGrams === null || grams <= r.upToGrams) ?? table[table.length - 1];
  return row?.rate ?? 0;
}

/** A cart line as the rule reads it: its price in cents, quantity, and what the catalogue knows of its parcel. */
export type ShipLine = {
  name: string;
  amount: Cents;
  quantity: number;
  giftCard?: boolean;
  /** Grams per unit; null or absent: not weighed. */
  weightGrams?: number | null;
  /** An oversize piece's own freight price per unit (cents), instead of a place in the parcel. */
  freight?: Cents | null;
  contactForDelivery?: boolean;
};

export type Shipment = {
  zone: ZoneCode;
  service: string;
  /** The whole shipping charge: the zone's part plus the freight. */
  amount: Cents;
  /** The freight of oversize pieces, in `amount`. */
  freight: Cents;
  /** Grams of the weighed units in the parcel. */
  weightGrams: number;
  /** Some unit in the parcel has no weight: priced at the flat rate at least, never by weight alone. */
  unweighed: boolean;
  /** The carrier's rate this is priced at (a live zone), absent when priced by the zone's own rule. */
  carrierRate?: { carrier: string; service: string; amount: Cents; deliveryDays: number | null };
};

export type ShipmentRefusal = { code: "not_shipped" | "contact_for_delivery"; message: string; field: string };

/**
 * What the goods pay to reach a zone. Gift cards ship nothing. Oversize pieces pay their own freight.
 * The rest is one parcel: free OVER the zone's threshold (on all the goods, as the spec's rule),
 * else the flat rate, or the table's rate for its weight — a parcel holding a piece without a weight
 * pays at least the flat rate, so a missing weight never makes shipping free or cheaper.
 */
export function priceShipment(lines: ReadonlyArray<ShipLine>, rule: ZoneRule, zoneLabel: string): Shipment | ShipmentRefusal {
  const goods = lines.filter((l) => !l.giftCard);
  const service = rule.code === "us" || rule.code === "us_remote" ? DOMESTIC_SERVICE : INTERNATIONAL_SERVICE;
  if (!goods.length) return { zone: rule.code, service, amount: 0, freight: 0, weightGrams: 0, unweighed: false };
  if (!rule.ships) return { code: "not_shipped", field: "shippingAddress.country", message: `We don't ship to ${zoneLabel}.` };
  const byArrangement = goods.find((l) => l.contactForDelivery);
  if (byArrangement) return { code: "contact_for_delivery", field: "items", message: `“${byArrangement.name}” is delivered by arrangement: contact us for delivery, or choose local pickup.` };
  const goodsAmount = goods.reduce((sum, l) => sum + l.amount, 0);
  let freight = 0;
  let weight = 0;
  let unweighed = false;
  let parcelUnits = 0;
  for (const l of goods) {
    if (l.freight != null) {
      freight += l.freight * l.quantity;
      continue;
    }
    parcelUnits += l.quantity;
    if (l.weightGrams) weight += l.weightGrams * l.quantity;
    else unweighed = true;
  }
  let parcel = 0;
  if (parcelUnits > 0) {
    const free = rule.freeOver !== null && goodsAmount > rule.freeOver;
    // A live zone priced here is its fallback: the carrier did not answer, is not configured, or a piece has no weight.
    if (!free) parcel = rule.method !== "flat" ? Math.max(tableRate(weight, rule.rateTable), unweighed ? rule.flatRate : 0) : rule.flatRate;
  }
  return { zone: rule.code, service, amount: parcel + freight, freight, weightGrams: weight, unweighed };
}

export function isRefusal(value: Shipment | ShipmentRefusal): value is ShipmentRefusal {
  return "message" in value;
}

// ─── the shopper's choice at checkout ────────────────────────────────────────

/** One way to receive the goods, as checkout offers it: `id` is sent back with the payment and priced again by the server. */
export type ShippingOption = {
  id: string;
  kind: "ship" | "pickup";
  label: string;
  /** The whole shipping charge in cents (freight included). */
  amount: Cents;
  deliveryDays: number | null;
  /** The carrier did not answer: the zone's own rate, charged instead. */
  fallback?: boolean;
};

/** How many of the carrier's rates checkout shows: the cheapest few, not a wall of services. */
export const MAX_RATE_OPTIONS = 4;

/** The options as the API answers them (POST /api/shipping/rates): amounts as decimal strings, the estimate in words. */
export type ShippingOptionsDTO = {
  options: Array<Omit<ShippingOption, "amount" | "fallback"> & { amount: string; estimate: string | null; fallback: boolean }>;
  freeOver: string | null;
  pickup: { address: string; hours: string } | null;
  notice: string | null;
  /** The oversize pieces' own freight (in each shipped option's amount), null when none. */
  freight: string | null;
};
