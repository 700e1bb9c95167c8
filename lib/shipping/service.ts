import "server-only";
import { auditSnapshot, recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { fromCents, toCents } from "@/lib/money";
import {
  countryName,
  DEFAULT_ZONES,
  isRefusal,
  PICKUP_SERVICE,
  priceShipment,
  ZONE_CODES,
  ZONE_NAMES,
  zoneOf,
  type RateRow,
  type Shipment,
  type ShipLine,
  type ShippingMethodName,
  type ZoneCode,
  type ZoneRule,
} from "@/lib/shipping/rules";
import { CarrierAddressRejected, CarrierTimeout, getCarrier, ratesWithin, type CarrierAddress, type CarrierParcel } from "@/lib/shipping/carrier";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { site } from "@/lib/site";
import type { BoxData, PickupData, ZoneData } from "@/lib/shipping/schemas";

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

export type BoxDTO = { id: number; name: string; innerLengthMm: number; innerWidthMm: number; innerHeightMm: number; productCount: number };
const boxSelect = { id: true, name: true, innerLengthMm: true, innerWidthMm: true, innerHeightMm: true, _count: { select: { products: true } } } as const;
const toBox = ({ _count, ...b }: { _count: { products: number } } & Omit<BoxDTO, "productCount">): BoxDTO => ({ ...b, productCount: _count.products });

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

/**
 * The server's shipping for a checkout's lines and full address: its zone's rule (lib/shipping/rules.ts),
 * or local pickup (free) when the maker offers it. 400 for an unknown country, for a zone the shop does
 * not ship to, for pickup the shop does not offer, and for a piece delivered by arrangement.
 */
export async function priceCheckoutShipping(
  lines: ReadonlyArray<ShipLine & { parcel?: Omit<CarrierParcel, "weightGrams"> }>,
  address: CheckoutAddress,
  choice: ShippingChoice = "ship",
): Promise<Shipment> {
  const zones = await loadZones();
  const usOnly = !zones.ca.ships && !zones.world.ships;
  const located = zoneOf(address);
  if ("message" in located) {
    // A shop that ships within the US only refuses every other country as the spec's checkout always has.
    const message = usOnly ? US_ONLY : located.message;
    throw new AppError("bad_request", message, { "shippingAddress.country": message });
  }
  if (choice === "pickup") {
    const pickup = await getPickup();
    if (!pickup.pickupEnabled) throw new AppError("bad_request", "Local pickup is not offered: choose shipping.", { shippingMethod: "Local pickup is not offered" });
    return { zone: located.zone, service: PICKUP_SERVICE, amount: 0, freight: 0, weightGrams: 0, unweighed: false };
  }
  const rule = zones[located.zone];
  const country = (address.country ?? "US").trim().toUpperCase();
  // A fresh shop ships within the US only, and says so as it always has (lib/checkout/schemas.ts CHECKOUT_MESSAGES).
  const label = usOnly && located.zone !== "us" && located.zone !== "us_remote" ? "" : country === "US" ? ZONE_NAMES[located.zone] : (countryName(country) ?? country);
  const priced = priceShipment(lines, rule, label);
  if (isRefusal(priced)) {
    const message = priced.code === "not_shipped" && !label ? US_ONLY : priced.message;
    throw new AppError("bad_request", message, { [priced.field]: message });
  }
  if (rule.method === "live" && priced.amount > priced.freight) return (await liveShipment(lines, address, priced)) ?? priced;
  return priced;
}

export const ADDRESS_REJECTED = "The carrier cannot deliver to this address: please check the street, city, state and ZIP code.";

/** Whether a carrier is configured (EASYPOST_API_KEY): the Shipping screen offers live rates only then. */
export const liveRatesAvailable = (): boolean => getCarrier() !== null;

type CheckoutAddress = { line1?: string; line2?: string | null; city?: string; country?: string | null; state?: string | null; postalCode?: string | null };

/**
 * A live zone's price from the carrier: the cheapest of its rates for the cart's parcel and the full address,
 * plus any freight. Not asked when a piece in the parcel has no weight (never a rate guessed from nothing) or
 * no carrier is configured; a carrier that fails or is slower than EASYPOST_TIMEOUT_MS is logged and the
 * zone's table rate (`fallback`) is charged: the sale is never blocked by the carrier. An address the carrier
 * rejects is a 400 on the address form, before any payment.
 */
async function liveShipment(lines: ReadonlyArray<ShipLine & { parcel?: Omit<CarrierParcel, "weightGrams"> }>, address: CheckoutAddress, fallback: Shipment): Promise<Shipment | null> {
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
    const cheapest = rates[0];
    if (!cheapest) {
      log.warn({ carrier: carrier.name, zone: fallback.zone }, "carrier returned no rates: charging the zone's table rate");
      return null;
    }
    return { ...fallback, amount: cheapest.amount + fallback.freight, service: `${cheapest.carrier}_${cheapest.service}`.toUpperCase().replace(/[^A-Z0-9]+/g, "_"), carrierRate: cheapest };
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
