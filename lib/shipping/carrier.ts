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

// ─── labels: a shipment's rates, buying one, refunding it, the tracker's webhooks ─────────────────

/** One rate of a shipment the label can be bought at (the carrier's rate id with it). */
export type CarrierLabelRate = CarrierRate & { id: string };
export type CarrierLabelQuote = { shipmentId: string; rates: CarrierLabelRate[] };
/** A bought label: its postage, insurance fee, tracking and where the carrier keeps its file. */
export type CarrierLabel = {
  shipmentId: string;
  rateId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  rate: Cents;
  insuranceFee: Cents;
  labelUrl: string;
  trackerId: string | null;
  trackerUrl: string | null;
};
/** The carrier's answer to a refund request: EasyPost's refund_status. */
export type CarrierRefund = { status: "submitted" | "refunded" | "rejected" | "not_applicable" };

/** The label side of the carrier: quote (a shipment with rates, 4×6 PDF labels), buy one rate, refund (void) it, verify its webhooks. */
export interface LabelCarrier {
  readonly name: string;
  quote(input: { from: CarrierAddress & { name?: string }; to: CarrierAddress & { name?: string }; parcel: CarrierParcel; reference: string }): Promise<CarrierLabelQuote>;
  buy(input: { shipmentId: string; rateId: string; insuredValue: Cents | null }): Promise<CarrierLabel>;
  refund(shipmentId: string): Promise<CarrierRefund>;
  /** The event of a signed webhook body, or a CarrierSignatureError. */
  verifyWebhook(body: Buffer, headers: Record<string, string>, secret: string): unknown;
}

/** The carrier refused or failed a label call: `message` is the carrier's own words, for the maker. */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
export class CarrierSignatureError extends Error {}

const decimalMoney = /^\d+(\.\d+)?$/;
/** A carrier amount ("7.58", "0.00000") in cents, rounded to the cent. */
const carrierCents = (value: unknown): Cents | null => (typeof value === "string" && decimalMoney.test(value) ? Math.round(Number(value) * 100) : null);

/** An error the SDK threw, as a CarrierError with the carrier's message (a timeout or refused connection says so). */
function carrierFailure(error: unknown): CarrierError {
  const e = error as { message?: string; code?: string; statusCode?: number };
  if (e?.code === "ECONNABORTED" || /timeout/i.test(e?.message ?? "")) return new CarrierError("The carrier did not answer in time.", "TIMEOUT");
  // An API error carries the carrier's status and words; anything else (a refused or broken connection) did not reach it.
  if (typeof e?.statusCode === "number" && e.message) return new CarrierError(`The carrier refused: ${e.message}`, e.code ?? null);
  return new CarrierError("The carrier could not be reached.", e?.code ?? null);
}

export function createEasyPostLabels(config: { apiKey: string; baseUrl?: string; timeoutMs: number }): LabelCarrier {
  const client = new EasyPostClient(config.apiKey, { timeout: config.timeoutMs, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
  const address = (a: CarrierAddress & { name?: string }) => ({ ...toEasyPostAddress(a), name: a.name });
  return {
    name: "easypost",
    async quote({ from, to, parcel, reference }) {
      const shipment = (await client.Shipment.create({
        from_address: address(from),
        to_address: address(to),
        parcel: {
          weight: Math.max(0.1, Math.round((parcel.weightGrams / GRAMS_PER_OUNCE) * 10) / 10),
          length: inches(parcel.lengthMm),
          width: inches(parcel.widthMm),
          height: inches(parcel.heightMm),
        },
        reference,
        // A 4×6 PDF: the thermal-printer size, printable on a sheet too.
        options: { label_format: "PDF", label_size: "4x6" },
      }).catch((error: unknown) => {
        throw carrierFailure(error);
      })) as unknown as { id: string; rates?: Array<EasyPostRate & { id?: string }> };
      const rates = (shipment.rates ?? []).flatMap((r): CarrierLabelRate[] => {
        const amount = carrierCents(r.rate);
        if (!r.id || !r.carrier || !r.service || amount === null) return [];
        return [{ id: r.id, carrier: r.carrier, service: r.service, amount, deliveryDays: typeof r.delivery_days === "number" ? r.delivery_days : null }];
      });
      return { shipmentId: shipment.id, rates: rates.sort((a, b) => a.amount - b.amount) };
    },
    async buy({ shipmentId, rateId, insuredValue }) {
      const bought = (await client.Shipment.buy(shipmentId, rateId, insuredValue ? insuredValue / 100 : undefined).catch((error: unknown) => {
        throw carrierFailure(error);
      })) as unknown as {
        id: string;
        tracking_code?: string;
        selected_rate?: { id?: string; carrier?: string; service?: string; rate?: string };
        postage_label?: { label_url?: string; label_pdf_url?: string };
        tracker?: { id?: string; public_url?: string };
        fees?: Array<{ type?: string; amount?: string }>;
      };
      const rate = carrierCents(bought.selected_rate?.rate);
      const labelUrl = bought.postage_label?.label_pdf_url ?? bought.postage_label?.label_url;
      if (!bought.tracking_code || rate === null || !labelUrl || !bought.selected_rate?.carrier) throw new CarrierError("The carrier's answer had no label or tracking number.", "MALFORMED");
      const insuranceFee = (bought.fees ?? []).filter((f) => f.type === "InsuranceFee").reduce((sum, f) => sum + (carrierCents(f.amount) ?? 0), 0);
      return {
        shipmentId: bought.id,
        rateId: bought.selected_rate.id ?? rateId,
        carrier: bought.selected_rate.carrier,
        service: bought.selected_rate.service ?? "",
        trackingNumber: bought.tracking_code,
        rate,
        insuranceFee,
        labelUrl,
        trackerId: bought.tracker?.id ?? null,
        trackerUrl: bought.tracker?.public_url ?? null,
      };
    },
    async refund(shipmentId) {
      const refunded = (await client.Shipment.refund(shipmentId).catch((error: unknown) => {
        throw carrierFailure(error);
      })) as unknown as { refund_status?: string };
      const status = refunded.refund_status;
      if (status === "submitted" || status === "refunded" || status === "rejected" || status === "not_applicable") return { status };
      throw new CarrierError("The carrier's answer to the refund had no refund status.", "MALFORMED");
    },
    verifyWebhook(body, headers, secret) {
      try {
        // The SDK's check: X-Hmac-Signature "hmac-sha256-hex=…", the HMAC-SHA256 of the body with the NFKD-normalised secret, compared in constant time.
        return client.Utils.validateWebhook(body, headers, secret);
      } catch {
        throw new CarrierSignatureError("Invalid webhook signature");
      }
    },
  };
}

let labelCarrier: LabelCarrier | null | undefined;

/** The configured label carrier, or null without EASYPOST_API_KEY. */
export function getLabelCarrier(): LabelCarrier | null {
  if (labelCarrier === undefined)
    labelCarrier = env.EASYPOST_API_KEY ? createEasyPostLabels({ apiKey: env.EASYPOST_API_KEY, baseUrl: env.EASYPOST_API_URL, timeoutMs: env.EASYPOST_TIMEOUT_MS }) : null;
  return labelCarrier;
}

/** How long a label call (rates, buy, refund) may take: twice the checkout's EASYPOST_TIMEOUT_MS, as buying a label is slower than a rate. */
export const labelTimeoutMs = () => 2 * env.EASYPOST_TIMEOUT_MS;

/** A carrier call, or a CarrierError("…did not answer in time") after `ms` (the SDK itself sets no deadline on a request). */
export async function carrierWithin<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([call, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CarrierError("The carrier did not answer in time.", "TIMEOUT")), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
