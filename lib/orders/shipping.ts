import { z } from "@/lib/zod";

/**
 * Carriers and their tracking-number formats (client-safe: the ship dialog
 * validates with the same rules). Numbers are compared without spaces or
 * dashes, upper-cased.
 */
export const CARRIERS = ["USPS", "UPS", "FedEx", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

const FORMATS: Record<Carrier, { pattern: RegExp; hint: string }> = {
  // 20–22 digits (domestic, e.g. 9400 1000 0000 0000 0000 00) or an international S10 number (EC123456789US)
  USPS: { pattern: /^(\d{20,22}|[A-Z]{2}\d{9}US)$/, hint: "USPS numbers have 20 to 22 digits (or look like EC123456789US)." },
  // 1Z + 16 letters/digits
  UPS: { pattern: /^1Z[0-9A-Z]{16}$/, hint: "UPS numbers start with 1Z followed by 16 letters or digits." },
  // 12, 15, 20 or 22 digits
  FedEx: { pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, hint: "FedEx numbers have 12, 15, 20 or 22 digits." },
  other: { pattern: /^[0-9A-Z]{4,40}$/, hint: "Tracking numbers are 4 to 40 letters or digits." },
};

export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

/** Null when the number fits the carrier's format, else what is wrong. */
export function trackingNumberProblem(carrier: Carrier, trackingNumber: string): string | null {
  const n = normalizeTrackingNumber(trackingNumber);
  return FORMATS[carrier].pattern.test(n) ? null : FORMATS[carrier].hint;
}

/** The carrier's public tracking page, or null for "other". */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case "USPS":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case "UPS":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "FedEx":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    default:
      return null;
  }
}

export const carrierSchema = z.enum(CARRIERS, { message: `Carrier must be one of: ${CARRIERS.join(", ")}.` });

/** Carrier + tracking number, validated together (the number's format depends on the carrier). */
export const shipmentSchema = z
  .object({
    carrier: carrierSchema,
    trackingNumber: z.string({ message: "Tracking number is required" }).trim().min(1, "Tracking number is required").max(60, "Tracking number is too long"),
  })
  .superRefine((value, ctx) => {
    const problem = trackingNumberProblem(value.carrier, value.trackingNumber);
    if (problem) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
  })
  .transform((value) => ({ carrier: value.carrier, trackingNumber: normalizeTrackingNumber(value.trackingNumber) }));
export type Shipment = z.output<typeof shipmentSchema>;
