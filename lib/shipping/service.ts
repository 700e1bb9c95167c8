import "server-only";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { fromCents, toCents, type Cents } from "@/lib/money";
import {
  countryName,
  DEFAULT_ZONES,
  deliveryEstimate,
  isRefusal,
  MAX_RATE_OPTIONS,
  PICKUP_SERVICE,
  priceShipment,
  rateCode,
  serviceLabel,
  ZONE_CODES,
  ZONE_NAMES,
  zoneOf,
  type RateRow,
  type Shipment,
  type ShipmentRefusal,
  type ShippingOption,
  type ShippingOptionsDTO,
  type ShipLine,
  type ShippingMethodName,
  type ZoneCode,
  type ZoneRule,
} from "@/lib/shipping/rules";
import { CarrierAddressRejected, CarrierTimeout, getCarrier, ratesWithin, type CarrierAddress, type CarrierParcel, type CarrierRate } from "@/lib/shipping/carrier";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { site } from "@/lib/site";
import type { BoxData, InsuranceData, PickupData, ZoneData } from "@/lib/shipping/schemas";

/**
 * Shipping: the zones' methods as the maker set them (ShippingZone rows; a zone without
 * a row is its default, lib/shipping/rules.ts DEFAULT_ZONES, so a fresh shop charges the spec's
 * $15.99 / free over $100), the maker's boxes, local pickup, and the price of a checkout's shipping
 * (`priceCheckoutShipping`, the server's; the browser's figure is never used). Every admin write
 * records its audit row in its own transaction.
 */

type ZoneRow = { code: string; ships: boolean; method: ShippingMethodName; flatRate: Prisma.Decimal; freeOver: Prisma.Decimal | null; rateTable: Prisma.JsonValue };

function toRule(row: ZoneRow): ZoneRule {
  const table = Array.isArray(row.rateTable) ? (row.rateTable as Array<{ upToGrams: number | null; rate: string }>) : [];
  return {
    code: row.code as ZoneCode,
    ships: row.ships,
    method: row.method,
    flatRate: toCents(row.flatRate),
    freeOver: row.freeOver === null ? null : toCents(row.freeOver),
    rateTable: table.map((r): RateRow => ({ upToGrams: r.upToGrams ?? null, rate: toCents(r.rate) })),
  };
}

/** Every zone's rule: the maker's row, else the default. */
export async function loadZones(): Promise<Record<ZoneCode, ZoneRule>> {
  const rows = await prisma.shippingZone.findMany();
  const zones = { ...DEFAULT_ZONES };
  for (const row of rows) if ((ZONE_CODES as readonly string[]).includes(row.code)) zones[row.code as ZoneCode] = toRule(row);
  return zones;
}

/** A zone as the admin screen and API show it: amounts as decimal strings. */
export type ZoneDTO = {
  code: ZoneCode;
  name: string;
  ships: boolean;
  method: ShippingMethodName;
  flatRate: string;
  freeOver: string | null;
  rateTable: Array<{ upToGrams: number | null; rate: string }>;
};

const toDTO = (rule: ZoneRule): ZoneDTO => ({
  code: rule.code,
  name: ZONE_NAMES[rule.code],
  ships: rule.ships,
  method: rule.method,
  flatRate: fromCents(rule.flatRate),
  freeOver: rule.freeOver === null ? null : fromCents(rule.freeOver),
  rateTable: rule.rateTable.map((r) => ({ upToGrams: r.upToGrams, rate: fromCents(r.rate) })),
});

export async function listZones(): Promise<ZoneDTO[]> {
  const zones = await loadZones();
  return ZONE_CODES.map((code) => toDTO(zones[code]));
}

/** Saves one zone's method (parsed by zoneSchema) and records the change, in one transaction. */
export async function updateZone(data: ZoneData): Promise<ZoneDTO> {
  const rule: ZoneRule = { code: data.code, ships: data.ships, method: data.method, flatRate: data.flatRate, freeOver: data.freeOver, rateTable: data.method === "flat" ? [] : data.rateTable };
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`shipping-zone:${data.code}`}))`;
    const current = await tx.shippingZone.findUnique({ where: { code: data.code } });
    const before = await auditSnapshot(async () => toDTO(current ? toRule(current) : DEFAULT_ZONES[data.code]));
    const row = {
      ships: rule.ships,
      method: rule.method,
      flatRate: fromCents(rule.flatRate),
      freeOver: rule.freeOver === null ? null : fromCents(rule.freeOver),
      rateTable: rule.rateTable.map((r) => ({ upToGrams: r.upToGrams, rate: fromCents(r.rate) })),
    };
    await tx.shippingZone.upsert({ where: { code: data.code }, create: { code: data.code, ...row }, update: row });
    const after = toDTO(rule);
    await recordAudit({ entityType: "shipping_zone", entityId: data.code, action: "update", before, after: await auditSnapshot(async () => after) }, tx);
    return after;
  });
}

// ─── local pickup ────────────────────────────────────────────────────────────

export type Pickup = { pickupEnabled: boolean; pickupAddress: string | null; pickupHours: string | null };

export async function getPickup(): Promise<Pickup> {
  const row = await prisma.shopSettings.findUnique({ where: { id: 1 }, select: { pickupEnabled: true, pickupAddress: true, pickupHours: true } });
  return row ?? { pickupEnabled: false, pickupAddress: null, pickupHours: null };
}

export async function updatePickup(data: PickupData): Promise<Pickup> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "ShopSettings" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING`;
    const select = { pickupEnabled: true, pickupAddress: true, pickupHours: true } as const;
    const [current] = await tx.$queryRaw<Pickup[]>`SELECT "pickupEnabled", "pickupAddress", "pickupHours" FROM "ShopSettings" WHERE "id" = 1 FOR UPDATE`;
    const before = await auditSnapshot(async () => current);
    const after = await tx.shopSettings.update({ where: { id: 1 }, data, select });
    await recordAudit({ entityType: "settings", entityId: "pickup", action: "update", before, after: await auditSnapshot(async () => after) }, tx);
    return after;
  });
}

// ─── boxes ───────────────────────────────────────────────────────────────────

/** A box, with how many products ship in it and how many variants ship in it apart from their product's box. */
export type BoxDTO = { id: number; name: string; innerLengthMm: number; innerWidthMm: number; innerHeightMm: number; productCount: number; variantCount: number };
const boxSelect = { id: true, name: true, innerLengthMm: true, innerWidthMm: true, innerHeightMm: true, _count: { select: { products: true, variants: true } } } as const;
const toBox = ({ _count, ...b }: { _count: { products: number; variants: number } } & Omit<BoxDTO, "productCount" | "variantCount">): BoxDTO => ({
  ...b,
  productCount: _count.products,
  variantCount: _count.variants,
});

export const BOX_NAME_TAKEN = "You already have a box with this name.";
export const BOX_NOT_FOUND = "Box not found";

function boxConflict(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("conflict", BOX_NAME_TAKEN, { name: BOX_NAME_TAKEN });
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw new AppError("not_found", BOX_NOT_FOUND);
  throw error;
}

export async function listBoxes(): Promise<BoxDTO[]> {
  return (await prisma.shippingBox.findMany({ select: boxSelect, orderBy: { name: "asc" } })).map(toBox);
}

export async function createBox(data: BoxData): Promise<BoxDTO> {
  try {
    return await prisma.$transaction(async (tx) => {
      const box = toBox(await tx.shippingBox.create({ data, select: boxSelect }));
      await recordAudit({ entityType: "shipping_box", entityId: box.id, action: "create", before: null, after: await auditSnapshot(async () => box) }, tx);
      return box;
    });
  } catch (error) {
    return boxConflict(error);
  }
}

export async function updateBox(id: number, data: BoxData): Promise<BoxDTO> {
  try {
    return await prisma.$transaction(async (tx) => {
      const current = await tx.shippingBox.findUnique({ where: { id }, select: boxSelect });
      if (!current) throw new AppError("not_found", BOX_NOT_FOUND);
      const box = toBox(await tx.shippingBox.update({ where: { id }, data, select: boxSelect }));
      await recordAudit({ entityType: "shipping_box", entityId: id, action: "update", before: await auditSnapshot(async () => toBox(current)), after: await auditSnapshot(async () => box) }, tx);
      return box;
    });
  } catch (error) {
    return boxConflict(error);
  }
}

/** Deletes a box; the products that shipped in it keep no box (their "needs dimensions" shows again). */
export async function deleteBox(id: number): Promise<{ deleted: true }> {
  try {
    return await prisma.$transaction(async (tx) => {
      const current = await tx.shippingBox.findUnique({ where: { id }, select: boxSelect });
      if (!current) throw new AppError("not_found", BOX_NOT_FOUND);
      await tx.shippingBox.delete({ where: { id } });
      await recordAudit({ entityType: "shipping_box", entityId: id, action: "delete", before: await auditSnapshot(async () => toBox(current)), after: null }, tx);
      return { deleted: true as const };
    });
  } catch (error) {
    return boxConflict(error);
  }
}

// ─── pricing a checkout ──────────────────────────────────────────────────────

export type ShippingChoice = "ship" | "pickup";

/** The spec's refusal of an address outside the US (lib/checkout/schemas.ts CHECKOUT_MESSAGES.countryUnsupported). */
const US_ONLY = "We currently ship within the United States only";

export const ADDRESS_REJECTED = "The carrier cannot deliver to this address: please check the street, city, state and ZIP code.";
export const UNKNOWN_RATE = "That shipping option is not offered for this address and cart: choose one of the options shown.";
export const PICKUP_NOT_OFFERED = "Local pickup is not offered: choose shipping.";

/** Whether a carrier is configured (EASYPOST_API_KEY): the Shipping screen offers live rates only then. */
export const liveRatesAvailable = (): boolean => getCarrier() !== null;

type CheckoutAddress = { line1?: string; line2?: string | null; city?: string; country?: string | null; state?: string | null; postalCode?: string | null };
type CheckoutShipLine = ShipLine & { parcel?: Omit<CarrierParcel, "weightGrams"> };

/** The zone's price for the lines and address (its rule, before any carrier): a 400 naming the field for what cannot ship. */
async function zonePrice(lines: ReadonlyArray<CheckoutShipLine>, address: CheckoutAddress) {
  const zones = await loadZones();
  const usOnly = !zones.ca.ships && !zones.world.ships;
  const located = zoneOf(address);
  if ("message" in located) {
    // A shop that ships within the US only refuses every other country as the spec's checkout always has.
    const message = usOnly ? US_ONLY : located.message;
    throw new AppError("bad_request", message, { "shippingAddress.country": message });
  }
  const rule = zones[located.zone];
  const country = (address.country ?? "US").trim().toUpperCase();
  // A fresh shop ships within the US only, and says so as it always has (lib/checkout/schemas.ts CHECKOUT_MESSAGES).
  const label = usOnly && located.zone !== "us" && located.zone !== "us_remote" ? "" : country === "US" ? ZONE_NAMES[located.zone] : (countryName(country) ?? country);
  const priced = priceShipment(lines, rule, label);
  if (isRefusal(priced)) {
    const message = priced.code === "not_shipped" && !label ? US_ONLY : priced.message;
    return { zone: located.zone, rule, refusal: { ...priced, message } };
  }
  return { zone: located.zone, rule, priced };
}

const refuse = (refusal: ShipmentRefusal): never => {
  throw new AppError("bad_request", refusal.message, { [refusal.field]: refusal.message });
};

/**
 * The server's shipping for a checkout's lines and full address: its zone's rule (lib/shipping/rules.ts),
 * the carrier's rate the shopper chose (`rateId`, a live zone: quoted again here, never taken from the
 * browser; without one, the cheapest), or local pickup (free) when the maker offers it. 400 for an unknown
 * country, a zone the shop does not ship to, pickup the shop does not offer, a piece delivered by arrangement,
 * an address the carrier rejects and a rate that is not offered for this cart and address.
 */
export async function priceCheckoutShipping(lines: ReadonlyArray<CheckoutShipLine>, address: CheckoutAddress, choice: ShippingChoice = "ship", rateId?: string | null): Promise<Shipment> {
  if (choice === "pickup") {
    if (rateId && rateId !== PICKUP_SERVICE) throw new AppError("bad_request", UNKNOWN_RATE, { shippingRate: UNKNOWN_RATE });
    const pickup = await getPickup();
    if (!pickup.pickupEnabled) throw new AppError("bad_request", PICKUP_NOT_OFFERED, { shippingMethod: "Local pickup is not offered" });
    // The address still decides the zone (an unknown country is refused as anywhere else); nothing ships.
    const { zone } = await zonePrice([], address);
    return { zone, service: PICKUP_SERVICE, amount: 0, freight: 0, weightGrams: 0, unweighed: false };
  }
  if (rateId === PICKUP_SERVICE) throw new AppError("bad_request", UNKNOWN_RATE, { shippingRate: UNKNOWN_RATE });
  const zoned = await zonePrice(lines, address);
  if (zoned.refusal) return refuse(zoned.refusal);
  const priced = zoned.priced!;
  if (zoned.rule.method === "live" && priced.amount > priced.freight) {
    const quoted = await liveQuote(lines, address, priced);
    if (quoted) {
      const rate = rateId ? quoted.find((r) => rateCode(r.carrier, r.service) === rateId) : quoted[0];
      if (!rate) throw new AppError("bad_request", UNKNOWN_RATE, { shippingRate: UNKNOWN_RATE });
      return { ...priced, amount: rate.amount + priced.freight, service: rateCode(rate.carrier, rate.service), carrierRate: rate };
    }
    // The carrier did not answer (logged): the zone's own rate is charged, whichever of its rates was chosen.
    return priced;
  }
  if (rateId && rateId !== priced.service) throw new AppError("bad_request", UNKNOWN_RATE, { shippingRate: UNKNOWN_RATE });
  return priced;
}

export type CheckoutShippingOptions = {
  options: ShippingOption[];
  /** The zone's free-shipping threshold (cents), null when it has none: "Add $X more for free shipping". */
  freeOver: Cents | null;
  pickup: { address: string; hours: string } | null;
  /** Why the cart cannot be shipped here (a piece delivered by arrangement, a zone not shipped to) when pickup is the only option. */
  notice: string | null;
  /** The oversize pieces' own freight, in every shipped option's amount. */
  freight: Cents;
};

/**
 * What checkout offers for the cart and full address: the zone's rate, or the carrier's cheapest few rates
 * (a live zone), and local pickup when the maker offers it. Each option's `id` is what the payment request
 * sends back; priceCheckoutShipping prices it again. What cannot ship at all is a 400, unless pickup is offered.
 */
export async function checkoutShippingOptions(lines: ReadonlyArray<CheckoutShipLine>, address: CheckoutAddress): Promise<CheckoutShippingOptions> {
  const [zoned, pickup] = await Promise.all([zonePrice(lines, address), getPickup()]);
  const pickupOption: ShippingOption[] =
    pickup.pickupEnabled && pickup.pickupAddress && pickup.pickupHours ? [{ id: PICKUP_SERVICE, kind: "pickup", label: serviceLabel(PICKUP_SERVICE), amount: 0, deliveryDays: null }] : [];
  const pickupPlace = pickupOption.length ? { address: pickup.pickupAddress!, hours: pickup.pickupHours! } : null;
  if (zoned.refusal) {
    if (!pickupOption.length) return refuse(zoned.refusal);
    return { options: pickupOption, freeOver: null, pickup: pickupPlace, notice: zoned.refusal.message, freight: 0 };
  }
  const priced = zoned.priced!;
  const freeOver = zoned.rule.freeOver;
  let ship: ShippingOption[] = [{ id: priced.service, kind: "ship", label: serviceLabel(priced.service), amount: priced.amount, deliveryDays: null }];
  if (zoned.rule.method === "live" && priced.amount > priced.freight) {
    const quoted = await liveQuote(lines, address, priced);
    if (quoted)
      ship = quoted.slice(0, MAX_RATE_OPTIONS).map((r) => {
        const id = rateCode(r.carrier, r.service);
        return { id, kind: "ship" as const, label: serviceLabel(id), amount: r.amount + priced.freight, deliveryDays: r.deliveryDays };
      });
    else ship = ship.map((o) => ({ ...o, fallback: true }));
  }
  return { options: [...ship, ...pickupOption], freeOver, pickup: pickupPlace, notice: null, freight: priced.freight };
}

/** checkoutShippingOptions as the API answers (lib/shipping/rules.ts ShippingOptionsDTO). */
export async function checkoutShippingOptionsDTO(lines: ReadonlyArray<CheckoutShipLine>, address: CheckoutAddress): Promise<ShippingOptionsDTO> {
  const { options, freeOver, pickup, notice, freight } = await checkoutShippingOptions(lines, address);
  return {
    options: options.map((o) => ({ ...o, amount: fromCents(o.amount), estimate: deliveryEstimate(o.deliveryDays), fallback: Boolean(o.fallback) })),
    freeOver: freeOver === null ? null : fromCents(freeOver),
    pickup,
    notice,
    freight: freight ? fromCents(freight) : null,
  };
}

/**
 * A live zone's rates from the carrier for the cart's parcel and the full address, cheapest first (plus
 * any freight, added by the caller). Null — the zone's table rate is charged — when a piece in the parcel
 * has no weight (never a rate guessed from nothing), no carrier is configured, or the carrier fails, answers
 * nothing or is slower than EASYPOST_TIMEOUT_MS (logged): the sale is never blocked by the carrier. An address
 * the carrier rejects is a 400 on the address form, before any payment.
 */
async function liveQuote(lines: ReadonlyArray<CheckoutShipLine>, address: CheckoutAddress, fallback: Shipment): Promise<CarrierRate[] | null> {
  const carrier = getCarrier();
  if (!carrier || fallback.unweighed || !address.line1 || !address.city || !address.postalCode) return null;
  const parcelLines = lines.filter((l) => !l.giftCard && l.freight == null);
  // One parcel: the cart's weight, in the largest of its pieces' packages.
  const largest = parcelLines
    .map((l) => l.parcel)
    .filter((p) => p?.lengthMm && p.widthMm && p.heightMm)
    .sort((a, b) => b!.lengthMm! * b!.widthMm! * b!.heightMm! - a!.lengthMm! * a!.widthMm! * a!.heightMm!)[0];
  const from: CarrierAddress = site.address;
  const to: CarrierAddress = {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state ?? "",
    postalCode: address.postalCode,
    country: (address.country ?? "US").toUpperCase(),
  };
  const started = Date.now();
  try {
    const rates = await ratesWithin(carrier, { from, to, parcel: { weightGrams: fallback.weightGrams, ...largest } }, env.EASYPOST_TIMEOUT_MS);
    if (!rates.length) {
      log.warn({ carrier: carrier.name, zone: fallback.zone }, "carrier returned no rates: charging the zone's table rate");
      return null;
    }
    return rates;
  } catch (error) {
    if (error instanceof CarrierAddressRejected) throw new AppError("bad_request", ADDRESS_REJECTED, { "shippingAddress.line1": ADDRESS_REJECTED });
    const timedOut = error instanceof CarrierTimeout;
    log.warn(
      { carrier: carrier.name, zone: fallback.zone, ms: Date.now() - started, timedOut, err: timedOut ? undefined : error },
      timedOut ? "carrier timed out: charging the zone's table rate" : "carrier failed: charging the zone's table rate",
    );
    return null;
  }
}

/**
 * The cart page's "Add $X more for free shipping" before any address is known: the threshold when every zone
 * the shop ships to frees shipping over the same amount, else null (the page says nothing rather than guess).
 */
export async function freeShippingOverEverywhere(): Promise<Cents | null> {
  const shipping = Object.values(await loadZones()).filter((z) => z.ships);
  const first = shipping[0]?.freeOver ?? null;
  return first !== null && shipping.every((z) => z.freeOver === first) ? first : null;
}

/**
 * The cart page's shipping before any address is known: what the lines pay in every zone the shop ships to,
 * when that is one amount by the zones' own rules (flat rate or weight table, free over the threshold, the
 * oversize pieces' freight); null when it depends on the address — the zones charge differently, a zone is
 * priced by the carrier's live rates, a piece is delivered by arrangement, or the shop ships nowhere.
 */
export async function shippingBeforeAddress(lines: ReadonlyArray<ShipLine>): Promise<Cents | null> {
  const shipping = Object.values(await loadZones()).filter((z) => z.ships);
  let amount: Cents | null = null;
  for (const rule of shipping) {
    const priced = priceShipment(lines, rule, ZONE_NAMES[rule.code]);
    if (isRefusal(priced)) return null;
    if (rule.method === "live" && liveRatesAvailable() && priced.amount > priced.freight) return null;
    if (amount !== null && priced.amount !== amount) return null;
    amount = priced.amount;
  }
  return amount;
}

/** freeShippingOverEverywhere as the API answers (GET /api/shipping/free-shipping). */
export async function freeShippingRuleForCart(): Promise<{ freeOver: string | null }> {
  const over = await freeShippingOverEverywhere();
  return { freeOver: over === null ? null : fromCents(over) };
}

// ─── label insurance ─────────────────────────────────────────────────────────

/** The value above which a label is insured (cents), or null: never. */
export async function getInsureAbove(): Promise<Cents | null> {
  const row = await prisma.shopSettings.findUnique({ where: { id: 1 }, select: { insureAbove: true } });
  return row?.insureAbove == null ? null : toCents(row.insureAbove);
}

export async function updateInsureAbove(data: InsuranceData): Promise<{ insureAbove: string | null }> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "ShopSettings" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING`;
    const [current] = await tx.$queryRaw<Array<{ insureAbove: Prisma.Decimal | null }>>`SELECT "insureAbove" FROM "ShopSettings" WHERE "id" = 1 FOR UPDATE`;
    const show = (v: Prisma.Decimal | Cents | null | undefined) => ({ insureAbove: v == null ? null : typeof v === "number" ? fromCents(v) : v.toFixed(2) });
    const after = show(data.insureAbove);
    await tx.shopSettings.update({ where: { id: 1 }, data: { insureAbove: after.insureAbove } });
    await recordAudit(
      { entityType: "settings", entityId: "label_insurance", action: "update", before: await auditSnapshot(async () => show(current?.insureAbove)), after: await auditSnapshot(async () => after) },
      tx,
    );
    return after;
  });
}
