import "server-only";
import EasyPostClient from "@easypost/api";
import { env } from "@/lib/env";
import { toCents, type Cents } from "@/lib/money";

/**
 * The carrier behind one small interface: rates for a parcel between two addresses.
 * EasyPost (its maintained SDK, `@easypost/api`: USPS, UPS and FedEx behind one API) when
 * EASYPOST_API_KEY is set, else none (zones and tables only). Tests point EASYPOST_API_URL at a
 * local fake of EasyPost's HTTP API (tests/helpers/fake-easypost.ts).
 */

export type CarrierAddress = { line1: string; line2?: string | null; city: string; state: string; postalCode: string; country: string };
/** One parcel: grams and, when known, its outer size in mm. */
export type CarrierParcel = { weightGrams: number; lengthMm?: number | null; widthMm?: number | null; heightMm?: number | null };
export type CarrierRate = { carrier: string; service: string; amount: Cents; deliveryDays: number | null };

export interface Carrier {
  readonly name: string;
  rates(input: { from: CarrierAddress; to: CarrierAddress; parcel: CarrierParcel }): Promise<CarrierRate[]>;
}

const GRAMS_PER_OUNCE = 28.349523125;
const MM_PER_INCH = 25.4;
const inches = (mm: number | null | undefined) => (mm ? Math.round((mm / MM_PER_INCH) * 10) / 10 : undefined);

const toEasyPostAddress = (a: CarrierAddress) => ({ street1: a.line1, street2: a.line2 ?? undefined, city: a.city, state: a.state, zip: a.postalCode, country: a.country });

type EasyPostRate = { carrier?: string; service?: string; rate?: string; delivery_days?: number | null };

export function createEasyPostCarrier(config: { apiKey: string; baseUrl?: string; timeoutMs: number }): Carrier {
  const client = new EasyPostClient(config.apiKey, { timeout: config.timeoutMs, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
  return {
    name: "easypost",
    async rates({ from, to, parcel }) {
      const shipment = await client.Shipment.create({
        from_address: toEasyPostAddress(from),
        to_address: toEasyPostAddress(to),
        parcel: {
          // EasyPost weighs in ounces (one decimal) and measures in inches.
          weight: Math.max(0.1, Math.round((parcel.weightGrams / GRAMS_PER_OUNCE) * 10) / 10),
          length: inches(parcel.lengthMm),
          width: inches(parcel.widthMm),
          height: inches(parcel.heightMm),
        },
      }).catch((error: unknown) => {
        // EasyPost's 422 for an address it cannot verify (ADDRESS.*): the shopper's to correct, not a carrier outage.
        const e = error as { statusCode?: number; code?: string; message?: string };
        if (e?.statusCode === 422 && typeof e.code === "string" && e.code.startsWith("ADDRESS.")) throw new CarrierAddressRejected(e.message ?? e.code);
        throw error;
      });
      const rates = ((shipment as unknown as { rates?: EasyPostRate[] }).rates ?? []).flatMap((r): CarrierRate[] => {
        if (!r.carrier || !r.service || typeof r.rate !== "string" || !/^\d+(\.\d{1,2})?$/.test(r.rate)) return [];
        return [{ carrier: r.carrier, service: r.service, amount: toCents(r.rate), deliveryDays: typeof r.delivery_days === "number" ? r.delivery_days : null }];
      });
      return rates.sort((a, b) => a.amount - b.amount);
    },
  };
}

let carrier: Carrier | null | undefined;

/** The configured carrier, or null without EASYPOST_API_KEY. */
export function getCarrier(): Carrier | null {
  if (carrier === undefined) carrier = env.EASYPOST_API_KEY ? createEasyPostCarrier({ apiKey: env.EASYPOST_API_KEY, baseUrl: env.EASYPOST_API_URL, timeoutMs: env.EASYPOST_TIMEOUT_MS }) : null;
  return carrier;
}

/** The carrier cannot deliver to the address as written. */
export class CarrierAddressRejected extends Error {}

export class CarrierTimeout extends Error {
  constructor(ms: number) {
    super(`The carrier did not answer within ${ms} ms`);
  }
}

/** The carrier's rates, or a CarrierTimeout after `ms` (the request itself is also bounded by the SDK's timeout). */
export async function ratesWithin(c: Carrier, input: Parameters<Carrier["rates"]>[0], ms: number): Promise<CarrierRate[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([c.rates(input), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CarrierTimeout(ms)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
