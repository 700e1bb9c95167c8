import { z } from "@/lib/zod";
import { isSingleLine, singleLineMessage } from "@/lib/single-line";
import { fromCents, toCents, type Cents } from "@/lib/money";
import { ZONE_CODES, type RateRow } from "@/lib/shipping/rules";
import { RATE_CODE } from "@/lib/shipping/services";

/**
 * What a piece weighs and measures, the maker's boxes and the zones' methods: the admin
 * product form, its server action, the admin API and lib/shipping/service.ts parse with these.
 * Client-safe. The spec's product API (POST/PUT /api/products) does not read these fields: its
 * schema (lib/catalog/admin-schemas.ts) is unchanged and drops them, as it always has.
 */

/** 1 kg = 1000 g; a piece heavier than a tonne is not posted by this shop. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
/** Five metres: no side of a parcel or box is longer. */
export const MAX_DIMENSION_MM = 5_000;

export const WEIGHT_MESSAGE = `Weight is a whole number of grams, 1 to ${MAX_WEIGHT_GRAMS.toLocaleString("en-US")} (1 tonne)`;
export const DIMENSION_MESSAGE = `Each side is a whole number of millimetres, 1 to ${MAX_DIMENSION_MM.toLocaleString("en-US")}`;
export const DIMENSIONS_ALL = "Give all three sides (length, width, height), or none";
export const BOX_OR_DIMENSIONS = "Choose a box or give the package's own dimensions, not both";
export const BOX_MESSAGE = "Choose one of your boxes";
export const FREIGHT_MESSAGE = "Freight is a price in dollars, 0 or more, with at most 2 decimals";
export const PACKAGE_ON_GIFT_CARD = "A gift card is emailed: it has no weight, package or freight";

/** A whole number from a number or a form string, within [min, max]; blank or null is null (cleared); absent stays absent (kept). */
const wholeOrNull = (message: string, min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const n = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

/** "12.5" | 12.5 → cents; blank or null is null; absent stays absent. */
const moneyOrNull = (message: string) =>
  z.unknown().transform((value, ctx): Cents | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const text = typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return toCents(text);
  });

export const weightField = wholeOrNull(WEIGHT_MESSAGE, 1, MAX_WEIGHT_GRAMS);
const side = wholeOrNull(DIMENSION_MESSAGE, 1, MAX_DIMENSION_MM);
/** One of the maker's boxes by id (whether it exists is the service's check); blank: none. */
export const boxField = wholeOrNull(BOX_MESSAGE, 1, 2_147_483_647);

/** A product's package as the admin sends it (any subset on update). */
export const packageSchema = z
  .object({
    weightGrams: weightField.optional(),
    lengthMm: side.optional(),
    widthMm: side.optional(),
    heightMm: side.optional(),
    boxId: boxField.optional(),
    freightPrice: moneyOrNull(FREIGHT_MESSAGE).optional(),
    contactForDelivery: z
      .preprocess((v) => (v === "true" || v === "on" ? true : v === "false" || v === "" ? false : v), z.boolean({ message: "Contact for delivery must be true or false" }))
      .optional(),
  })
  .superRefine((v, ctx) => {
    const sides = [v.lengthMm, v.widthMm, v.heightMm];
    const given = sides.filter((s) => s !== undefined);
    // Sent together: all three numbers, or all three cleared.
    if (given.length && (given.length < 3 || (given.some((s) => s === null) && !given.every((s) => s === null)))) {
      const missing = (["lengthMm", "widthMm", "heightMm"] as const).find((_, i) => sides[i] === undefined || sides[i] === null) ?? "lengthMm";
      ctx.addIssue({ code: "custom", path: [missing], message: DIMENSIONS_ALL });
    }
    if (v.boxId != null && sides.some((s) => s != null)) ctx.addIssue({ code: "custom", path: ["boxId"], message: BOX_OR_DIMENSIONS });
  })
  .transform((v) => ({
    ...v,
    freightPrice: v.freightPrice === undefined ? undefined : v.freightPrice === null ? null : fromCents(v.freightPrice),
  }));
export type PackageInput = z.input<typeof packageSchema>;
export type PackageData = z.output<typeof packageSchema>;

/** The package fields every product row carries (null: not given). */
export type PackageFields = {
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  boxId: number | null;
  freightPrice: string | null;
  contactForDelivery: boolean;
};

/** What the admin list and form say is missing for a product to be posted by weight; nothing for a gift card. */
export function packageGaps(p: { giftCard: boolean; weightGrams: number | null; lengthMm: number | null; boxId: number | null; freightPrice?: string | null; contactForDelivery?: boolean }): string[] {
  if (p.giftCard || p.contactForDelivery || p.freightPrice != null) return [];
  const gaps: string[] = [];
  if (p.weightGrams == null) gaps.push("weight");
  if (p.lengthMm == null && p.boxId == null) gaps.push("dimensions or a box");
  return gaps;
}

/** The "needs weight" badge: a shippable product posted without a weight. */
export const needsWeight = (p: Parameters<typeof packageGaps>[0]) => packageGaps(p).includes("weight");

// ─── boxes ───────────────────────────────────────────────────────────────────

const boxName = z
  .string({ message: "Box name is required" })
  .trim()
  .min(1, "Box name is required")
  .max(80, "Box name must be at most 80 characters")
  .refine(isSingleLine, singleLineMessage("Box name"));

const requiredSide = (label: string) =>
  wholeOrNull(DIMENSION_MESSAGE, 1, MAX_DIMENSION_MM)
    .refine((v) => v != null, `${label} is required: ${DIMENSION_MESSAGE.toLowerCase()}`)
    .transform((v) => v as number);

export const boxSchema = z.object(
  { name: boxName, innerLengthMm: requiredSide("Inner length"), innerWidthMm: requiredSide("Inner width"), innerHeightMm: requiredSide("Inner height") },
  { message: "Request body must be a JSON object" },
);
export type BoxData = z.output<typeof boxSchema>;

// ─── zones ───────────────────────────────────────────────────────────────────

export const RATE_TABLE_MESSAGE = "A rate table is 1 to 20 rows of increasing weights, the last for any heavier weight";
export const TABLE_NEEDS_FLAT = "A rate table zone keeps a flat rate above $0 for pieces without a weight";
export const LIVE_NEEDS_TABLE = "Live rates need a rate table too: it is charged when the carrier does not answer in time";
const zoneMoney = (label: string) => moneyOrNull(`${label} is a price in dollars, 0 or more, with at most 2 decimals`);

const rateRow = z.object(
  {
    upToGrams: wholeOrNull(WEIGHT_MESSAGE, 1, MAX_WEIGHT_GRAMS).transform((v) => v ?? null),
    rate: zoneMoney("Each rate")
      .refine((v) => v != null, "Each row needs its rate")
      .transform((v) => v as Cents),
  },
  { message: "Each row has upToGrams (blank on the last) and rate" },
);

export const zoneSchema = z
  .object(
    {
      code: z.enum(ZONE_CODES, { message: `Unknown zone: use one of ${ZONE_CODES.join(", ")}` }),
      ships: z.boolean({ message: "ships must be true or false" }),
      method: z.enum(["flat", "table", "live"], { message: "Method is flat, table or live" }),
      flatRate: zoneMoney("Flat rate")
        .refine((v) => v != null, "Flat rate is required")
        .transform((v) => v as Cents),
      freeOver: zoneMoney("Free shipping threshold").transform((v) => v ?? null),
      rateTable: z.array(rateRow, { message: RATE_TABLE_MESSAGE }).max(20, RATE_TABLE_MESSAGE).default([]),
    },
    { message: "Request body must be a JSON object" },
  )
  .superRefine((v, ctx) => {
    // A live zone keeps its table: what checkout charges when the carrier cannot answer.
    if (v.method === "flat") return;
    const rows: RateRow[] = v.rateTable;
    const ordered = rows.every((r, i) => (i === rows.length - 1 ? r.upToGrams === null : r.upToGrams !== null && (i === 0 || r.upToGrams > (rows[i - 1].upToGrams as number))));
    if (!rows.length || !ordered) ctx.addIssue({ code: "custom", path: ["rateTable"], message: v.method === "live" && !rows.length ? LIVE_NEEDS_TABLE : RATE_TABLE_MESSAGE });
    if (v.flatRate <= 0) ctx.addIssue({ code: "custom", path: ["flatRate"], message: TABLE_NEEDS_FLAT });
  });
export type ZoneData = z.output<typeof zoneSchema>;

/** A rate table as the maker types it, one row a line: "500: 6.50" (up to 500 g), the last "any: 48.00". */
export function tableText(rows: ReadonlyArray<{ upToGrams: number | null; rate: string }>): string {
  return rows.map((r) => `${r.upToGrams ?? "any"}: ${r.rate}`).join("\n");
}

/** The typed table as the zone schema reads it; a line that is not "grams: price" is sent as it is, for the server to name. */
export function parseTableText(text: string): Array<{ upToGrams: string | null; rate: string }> {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d+|any|\*)\s*(?:g)?\s*[:=]\s*\$?\s*(\S+)$/i.exec(line);
      if (!m) return { upToGrams: line, rate: "" };
      return { upToGrams: /^\d+$/.test(m[1]) ? m[1] : null, rate: m[2] };
    });
}

export const pickupSchema = z
  .object(
    {
      pickupEnabled: z.boolean({ message: "pickupEnabled must be true or false" }),
      pickupAddress: z
        .string()
        .trim()
        .max(300, "The pickup address is at most 300 characters")
        .nullish()
        .transform((v) => v || null),
      pickupHours: z
        .string()
        .trim()
        .max(200, "The pickup hours are at most 200 characters")
        .refine(isSingleLine, singleLineMessage("Pickup hours"))
        .nullish()
        .transform((v) => v || null),
    },
    { message: "Request body must be a JSON object" },
  )
  .refine((v) => !v.pickupEnabled || (v.pickupAddress && v.pickupHours), { path: ["pickupAddress"], message: "Local pickup needs the workshop's address and hours" });
export type PickupData = z.output<typeof pickupSchema>;

/** The delivery option a checkout names (lib/shipping/services.ts rateCode): one of the codes this shop writes, nothing else. */
export const shippingRateSchema = z.string({ message: "shippingRate must be a shipping option's id" }).regex(RATE_CODE, "shippingRate is not a shipping option we offer");

// ─── labels ──────────────────────────────────────────────────────────────────

export const LABEL_WEIGHT_MESSAGE = `The parcel's weight is a whole number of grams, 1 to ${MAX_WEIGHT_GRAMS.toLocaleString("en-US")}`;

/** The parcel a label is bought for: one of the maker's boxes (or the parcel's own three sides) and its packed weight. */
export const labelParcelSchema = z
  .object(
    {
      weightGrams: wholeOrNull(LABEL_WEIGHT_MESSAGE, 1, MAX_WEIGHT_GRAMS)
        .refine((v) => v != null, LABEL_WEIGHT_MESSAGE)
        .transform((v) => v as number),
      boxId: boxField.optional(),
      lengthMm: side.optional(),
      widthMm: side.optional(),
      heightMm: side.optional(),
    },
    { message: "The parcel must be an object" },
  )
  .superRefine((v, ctx) => {
    const sides = [v.lengthMm, v.widthMm, v.heightMm].filter((s) => s != null);
    if (v.boxId != null && sides.length) ctx.addIssue({ code: "custom", path: ["boxId"], message: BOX_OR_DIMENSIONS });
    if (sides.length && sides.length < 3) ctx.addIssue({ code: "custom", path: ["lengthMm"], message: DIMENSIONS_ALL });
  });
export type LabelParcel = z.output<typeof labelParcelSchema>;

export const INSURE_ABOVE_MESSAGE = "Insure above is a price in dollars, 0 or more, with at most 2 decimals (blank: never insure)";

/** The value above which a label is insured for the order's goods (blank: labels are never insured). */
export const insuranceSchema = z.object({ insureAbove: moneyOrNull(INSURE_ABOVE_MESSAGE).transform((v) => v ?? null) }, { message: "Request body must be a JSON object" });
export type InsuranceData = z.output<typeof insuranceSchema>;

/** Whether a label for goods worth `goods` is insured, and for how much (cents): the goods' value above the maker's threshold, else null. */
export function insuredValueFor(goods: Cents, insureAbove: Cents | null): Cents | null {
  return insureAbove !== null && goods > insureAbove ? goods : null;
}

/** Buying one of the rates shown: the signed token that came with it (the rate itself is read from the token, never from the browser). */
export const labelBuySchema = z.object({ token: z.string({ message: "Choose a rate" }).min(1, "Choose a rate").max(4000, "Choose a rate") }, { message: "Request body must be a JSON object" });
